// Applies a composition to the monitor's frame element, on the page's compositor: a layer
// per clip (its media element sized to its box, moved and turned by a transform, with its
// opacity and filter; its crop as a clip-path in its own box; a wipe as a clip-path in
// frame pixels on its layer), stacked by z-index so an
// element never moves in the document while it plays; captions on top, drawn on a canvas
// character by character at whole-pixel pen positions (as drawtext sets text), at the
// screen's own pixels. Elements of clips not drawn stay in their layer, hidden.
import { cssFont, captionFont, type CaptionFont } from './captionFonts.ts';
import { activeWordPlace, advancePx, type LaidLine } from '../../shared/timeline/captionLayout.ts';
import { hasWordLook, scaledPx, SHADOW, wordColorOf, type CaptionLook } from '../../shared/timeline/captionStyle.ts';
import { layoutCaption, type CaptionLayout } from './captionLayout.ts';
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
  readonly #captions: HTMLCanvasElement;
  readonly #layers = new Map<string, Layer>();
  readonly #layouts = new Map<string, CaptionLayout>();
  #captionKey = '';
  readonly #waiting = new Set<string>();
  /** The weights each catalog font has (the catalog's `weights`), for the nearest one. */
  weightsOf: (fontId: string) => readonly number[] | undefined = () => undefined;
  readonly #onFontLoaded: () => void;
  /** Its elements are off the page: nothing is attached or drawn any more. */
  #disposed = false;

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
    this.#captions = document.createElement('canvas');
    this.#captions.className = 'pv-captions';
    this.#captions.setAttribute('aria-hidden', 'true');
    root.append(svg, this.#captions);
  }

  /** The frame's size on screen, in CSS pixels. */
  size(): Size {
    return { width: this.#root.clientWidth, height: this.#root.clientHeight };
  }

  attach(slot: MediaSlot): void {
    if (this.#disposed || this.#layers.has(slot.clipId)) return;
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
    if (this.#disposed) return true;
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
    if (this.#disposed) return;
    this.#disposed = true;
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
    // Clipped in the element's own box, before its transform: the part kept turns and moves with it.
    const c = picture.crop;
    const inset = (v: number) => `${Math.round(v * 1e6) / 1e4}%`;
    style.clipPath =
      c.left || c.right || c.top || c.bottom
        ? `inset(${inset(c.top)} ${inset(c.right)} ${inset(c.bottom)} ${inset(c.left)})`
        : '';
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
    // Laid out at the screen's own pixels: a whole pixel of the semantics is a device pixel.
    const scale = window.devicePixelRatio || 1;
    const pixels = { width: Math.round(frame.width * scale), height: Math.round(frame.height * scale) };
    let complete = true;
    const blocks: { caption: CaptionLayer; font: CaptionFont; layout: CaptionLayout }[] = [];
    for (const caption of captions) {
      const { look } = caption;
      const font = captionFont(caption.fontId, look.weight, this.weightsOf(caption.fontId));
      if (!font.metrics) {
        complete = false;
        if (!this.#waiting.has(font.family)) {
          this.#waiting.add(font.family);
          const loaded = () => this.#disposed || this.#onFontLoaded();
          void font.ready.then(loaded, loaded);
        }
        continue;
      }
      const key = `${caption.text}\n${JSON.stringify(look)}\n${font.family}\n${pixels.width}x${pixels.height}`;
      let layout = this.#layouts.get(key);
      if (!layout) {
        layout = layoutCaption(caption.text, look, pixels, font.metrics);
        if (this.#layouts.size > 200) this.#layouts.clear();
        this.#layouts.set(key, layout);
      }
      blocks.push({ caption, font, layout });
    }
    // Drawn again only when what shows changes (a caption, a word lit, a resize).
    const signature = JSON.stringify([
      pixels,
      blocks.map((b) => [b.caption.clipId, b.caption.text, b.caption.look, b.font.family, b.caption.highlighted]),
    ]);
    if (signature === this.#captionKey) return complete;
    this.#captionKey = signature;
    const canvas = this.#captions;
    if (canvas.width !== pixels.width || canvas.height !== pixels.height) {
      canvas.width = pixels.width;
      canvas.height = pixels.height;
    }
    const g = canvas.getContext('2d');
    if (!g) return complete;
    g.clearRect(0, 0, canvas.width, canvas.height);
    for (const block of blocks) drawCaption(g, block.caption, block.font, block.layout, pixels.height);
    return complete;
  }
}

const filterId = (clipId: string) => `pvfx-${clipId}`;

/**
 * As the render draws it: every box (the lines', then the word being said's), then the
 * text, a run at a time (a line, or a word when words change as they are said), each run
 * as one drawtext draws it: its shadow, its outline, then its glyphs, every character at
 * its whole-pixel pen position on the baseline.
 */
function drawCaption(
  g: CanvasRenderingContext2D,
  caption: CaptionLayer,
  font: CaptionFont,
  layout: CaptionLayout,
  frameHeight: number,
): void {
  const { look, highlighted } = caption;
  const metrics = font.metrics!;
  g.textBaseline = 'alphabetic';
  g.textAlign = 'left';
  if (look.boxOpacity > 0)
    for (const line of layout.lines) {
      g.fillStyle = rgba(look.boxColor, look.boxOpacity);
      g.fillRect(line.box.x, line.box.y, line.box.width, line.box.height);
    }
  const byWord = hasWordLook(look);
  const activeIndex = highlighted - 1;
  if (byWord && look.activeWordBoxColor !== null)
    for (const line of layout.lines)
      for (const word of line.words) {
        if (word.index !== activeIndex) continue;
        const { box } = activeWordPlace(word, line, layout, look, metrics);
        g.fillStyle = rgba(look.activeWordBoxColor, 1);
        g.fillRect(box.x, box.y, box.width, box.height);
      }
  const run = (text: string, x: number, line: LaidLine, fill: string, sizePx: number) =>
    drawRun(g, { text, x, baseline: line.baseline, fill, sizePx }, font, look, frameHeight, layout.fontPx);
  for (const line of layout.lines) {
    if (!byWord) {
      run(line.text, line.x, line, look.textColor, layout.fontPx);
      continue;
    }
    for (const word of line.words) {
      const fill = wordColorOf(look, word.index, highlighted);
      if (word.index === activeIndex) {
        const active = activeWordPlace(word, line, layout, look, metrics);
        run(word.text, active.x, line, fill, active.fontPx);
      } else run(word.text, word.x, line, fill, layout.fontPx);
    }
  }
}

function drawRun(
  g: CanvasRenderingContext2D,
  text: { text: string; x: number; baseline: number; fill: string; sizePx: number },
  font: CaptionFont,
  look: CaptionLook,
  frameHeight: number,
  captionPx: number,
): void {
  const metrics = font.metrics!;
  g.font = cssFont(font, text.sizePx);
  const each = (draw: (char: string, x: number) => void) => {
    let pen = text.x;
    for (const char of text.text) {
      draw(char, pen);
      pen += advancePx(metrics, char.codePointAt(0)!, text.sizePx);
    }
  };
  // drawtext offsets its shadow by whole pixels of the caption's font size, and draws it without the outline.
  const shadowPx = Math.floor(SHADOW.offsetEm * captionPx + 0.5);
  if (look.shadow && shadowPx > 0) {
    g.fillStyle = rgba(SHADOW.color, SHADOW.alpha);
    each((char, x) => g.fillText(char, x + shadowPx, text.baseline + shadowPx));
  }
  const outlinePx = scaledPx(look.outlineWidthPx, frameHeight);
  if (outlinePx > 0) {
    // A stroke is centred on the glyph's edge: twice the width reaches the outline's width outside it.
    g.strokeStyle = rgba(look.outlineColor, 1);
    g.lineWidth = 2 * outlinePx;
    g.lineJoin = 'round';
    each((char, x) => g.strokeText(char, x, text.baseline));
  }
  g.fillStyle = rgba(text.fill, 1);
  each((char, x) => g.fillText(char, x, text.baseline));
}
