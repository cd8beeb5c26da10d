// Applies a composition to the monitor's frame element, on the page's compositor: a layer
// per clip (its media element sized to its box, moved and turned by a transform, with its
// opacity and filter; a wipe as a clip-path in frame pixels), stacked by z-index so an
// element never moves in the document while it plays; captions on top as laid-out lines.
// Elements of clips not drawn stay in their layer, hidden, ready to come on screen.
import { cssFont, captionFont, measureWith, type CaptionFont } from './captionFonts.ts';
import {
  BOX_PAD_EM,
  KARAOKE_COLOR,
  TEXT_COLOR,
  captionStyleOf,
  layoutCaption,
  type CaptionLayout,
} from './captionLayout.ts';
import type { CaptionLayer, Composition, PictureLayer } from './composeFrame.ts';
import type { Size } from './frameGeometry.ts';
import type { MediaSlot } from './mediaSlot.ts';
import { filterMarkup, filterPrimitives } from './pictureFilters.ts';

const SVG = 'http://www.w3.org/2000/svg';

interface Layer {
  readonly wrapper: HTMLDivElement;
  readonly slot: MediaSlot;
  filter: string;
}

function rgba(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

export class FrameView {
  readonly #root: HTMLElement;
  readonly #defs: SVGDefsElement;
  readonly #captions: HTMLDivElement;
  readonly #layers = new Map<string, Layer>();
  readonly #layouts = new Map<string, CaptionLayout>();
  #captionKey = '';
  readonly #waiting = new Set<string>();
  /** The weights each catalog font has (the catalog's `weights`), for the nearest one. */
  weightsOf: (fontId: string) => readonly number[] | undefined = () => undefined;
  readonly #onFontLoaded: () => void;

  constructor(root: HTMLElement, onFontLoaded: () => void) {
    this.#root = root;
    this.#onFontLoaded = onFontLoaded;
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('width', '0');
    svg.setAttribute('height', '0');
    svg.setAttribute('aria-hidden', 'true');
    svg.style.position = 'absolute';
    this.#defs = document.createElementNS(SVG, 'defs');
    svg.append(this.#defs);
    this.#captions = document.createElement('div');
    this.#captions.className = 'pv-captions';
    root.append(svg, this.#captions);
  }

  /** The frame's size on screen, in CSS pixels. */
  size(): Size {
    return { width: this.#root.clientWidth, height: this.#root.clientHeight };
  }

  attach(slot: MediaSlot): void {
    if (this.#layers.has(slot.clipId)) return;
    const wrapper = document.createElement('div');
    wrapper.className = 'pv-layer';
    wrapper.style.visibility = 'hidden';
    slot.element.classList.add('pv-media');
    wrapper.append(slot.element);
    this.#root.insertBefore(wrapper, this.#captions);
    this.#layers.set(slot.clipId, { wrapper, slot, filter: '' });
  }

  detach(clipId: string): void {
    const layer = this.#layers.get(clipId);
    if (!layer) return;
    layer.wrapper.remove();
    this.#defs.querySelector(`#${CSS.escape(filterId(clipId))}`)?.remove();
    this.#layers.delete(clipId);
  }

  /** Draws the composition; false while a caption's font is still loading (the frame is not final). */
  draw(composition: Composition, frame: Size): boolean {
    const drawn = new Set<string>();
    composition.pictures.forEach((picture, index) => {
      const layer = this.#layers.get(picture.clipId);
      if (!layer) return;
      drawn.add(picture.clipId);
      this.#place(layer, picture, index, frame);
    });
    for (const [clipId, layer] of this.#layers)
      if (!drawn.has(clipId) && layer.wrapper.style.visibility !== 'hidden') layer.wrapper.style.visibility = 'hidden';
    return this.#drawCaptions(composition.captions, frame);
  }

  dispose(): void {
    for (const clipId of [...this.#layers.keys()]) this.detach(clipId);
    this.#captions.remove();
    this.#defs.parentElement?.remove();
  }

  #place(layer: Layer, picture: PictureLayer, index: number, frame: Size): void {
    const { wrapper } = layer;
    const element = layer.slot.element;
    wrapper.style.visibility = 'visible';
    wrapper.style.zIndex = String(index + 1);
    wrapper.style.clipPath =
      picture.wipeRight === null ? '' : `inset(0 ${Math.max(0, frame.width - picture.wipeRight)}px 0 0)`;
    const style = element.style;
    style.width = `${picture.width}px`;
    style.height = `${picture.height}px`;
    style.transform = `translate(${picture.centerX - picture.width / 2}px, ${picture.centerY - picture.height / 2}px) rotate(${picture.rotation}deg)`;
    style.opacity = String(picture.opacity);
    const primitives = filterPrimitives(picture.effects, picture.fade);
    if (primitives !== layer.filter) {
      layer.filter = primitives;
      const id = filterId(picture.clipId);
      this.#defs.querySelector(`#${CSS.escape(id)}`)?.remove();
      if (primitives) this.#defs.insertAdjacentHTML('beforeend', filterMarkup(id, primitives));
      style.filter = primitives ? `url(#${id})` : '';
    }
  }

  #drawCaptions(captions: readonly CaptionLayer[], frame: Size): boolean {
    let complete = true;
    const blocks: { caption: CaptionLayer; font: CaptionFont; layout: CaptionLayout }[] = [];
    for (const caption of captions) {
      const style = captionStyleOf(caption.style);
      const font = captionFont(caption.fontId, style.weight, this.weightsOf(caption.fontId));
      if (!document.fonts.check(cssFont(font, 16), caption.text || 'x')) {
        complete = false;
        if (!this.#waiting.has(font.family)) {
          this.#waiting.add(font.family);
          void font.ready.then(this.#onFontLoaded, this.#onFontLoaded);
        }
        continue;
      }
      const key = `${caption.text}\n${caption.style}\n${font.family}\n${frame.width}x${frame.height}`;
      let layout = this.#layouts.get(key);
      if (!layout) {
        layout = layoutCaption(caption.text, style, frame, measureWith(font, style.fontShare * frame.height));
        if (this.#layouts.size > 200) this.#layouts.clear();
        this.#layouts.set(key, layout);
      }
      blocks.push({ caption, font, layout });
    }
    // Rebuilt only when what shows changes (a new caption, a word lit, a resize).
    const key = blocks.map((b) => `${b.caption.clipId}:${b.caption.highlighted}:${b.layout.fontSize}`).join('|');
    const signature = `${key}|${frame.width}x${frame.height}|${blocks.map((b) => b.caption.text).join('\n')}`;
    if (signature === this.#captionKey) return complete;
    this.#captionKey = signature;
    this.#captions.replaceChildren(...blocks.map((b) => captionBlock(b.caption, b.font, b.layout)));
    return complete;
  }
}

const filterId = (clipId: string) => `pvfx-${clipId}`;

function captionBlock(caption: CaptionLayer, font: CaptionFont, layout: CaptionLayout): HTMLElement {
  const style = captionStyleOf(caption.style);
  const pad = BOX_PAD_EM * layout.fontSize;
  const block = document.createElement('div');
  block.className = 'pv-caption';
  block.dataset.clipId = caption.clipId;
  for (const line of layout.lines) {
    const row = document.createElement('div');
    row.className = 'pv-caption-line';
    Object.assign(row.style, {
      left: `${line.left - pad}px`,
      top: `${line.top}px`,
      width: `${line.width + 2 * pad}px`,
      height: `${layout.bandHeight}px`,
      lineHeight: `${layout.bandHeight}px`,
      paddingLeft: `${pad}px`,
      font: cssFont(font, layout.fontSize),
      background: rgba(style.box.color, style.box.alpha),
      color: TEXT_COLOR,
    });
    line.words.forEach((word, i) => {
      if (i > 0) row.append(' ');
      const lit = style.karaoke && line.firstWord + i < caption.highlighted;
      if (!lit) {
        row.append(word);
        return;
      }
      const span = document.createElement('span');
      span.style.color = KARAOKE_COLOR;
      span.textContent = word;
      row.append(span);
    });
    block.append(row);
  }
  return block;
}
