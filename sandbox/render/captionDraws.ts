// Captions burnt into the picture (docs/render-semantics.md, "Captions"): for each caption
// on screen, its look (its style's preset, its track's and its own style properties), a box
// behind each line and its text (drawtext, with its outline and shadow) from the catalog
// font's file, each shown on exactly the frames the caption covers. A caption whose words
// change as they are said is drawn word by word: each word as not yet said, as being said
// (its colour, pop and box) and as said, on the frames of each. drawtext reads each text
// from a file, so no character of a caption can break the filtergraph.
//
// The picture is 4:2:0 here, and drawbox blends a see-through colour into 4:2:0 chroma once
// per pixel of each 2×2 block — four times (measured: black at 0.5 over blue gave
// rgb(8,12,27), not rgb(0,0,127)). So a box is a colour picture laid on by overlay, which
// blends 4:2:0 right, its left and top edges on even pixels (overlay's 4:2:0 placement).
import { activeWordPlace, highlightTimes, layOutCaption, type LaidLine } from '../../shared/timeline/captionLayout.ts';
import { captionLookOf, hasWordLook, scaledPx, SHADOW, wordColorOf } from '../../shared/timeline/captionStyle.ts';
import { fontFile, fontMetrics } from './catalogFonts.ts';
import { firstFrameAtOrAfter, type Caption, type Composition } from './composition.ts';
import { expr, filterValue, num } from './filterText.ts';

const colour = (hex: string, alpha = 1) => `0x${hex.slice(1)}${alpha < 1 ? `@${num(alpha)}` : ''}`;
const shownOn = (from: number, to: number) => `enable=${expr(`between(n,${from},${to - 1})`)}`;

interface Box {
  box: LaidLine['box'];
  colour: string;
  from: number;
  to: number;
}
/** A drawtext filter, or a box to lay on. */
type Draw = string | Box;

/**
 * Draws every caption, in drawing order, over the picture labelled `picture`: pushes the
 * chains and returns the label of the captioned picture.
 */
export function captionChains(
  composition: Composition,
  textFile: (text: string) => string,
  picture: string,
  chains: string[],
): string {
  let label = picture;
  let filters: string[] = [];
  let count = 0;
  const next = () => `[cap${count++}]`;
  const flush = () => {
    if (filters.length === 0) return;
    const out = next();
    chains.push(`${label}${filters.join(',')}${out}`);
    [label, filters] = [out, []];
  };
  for (const caption of composition.captions)
    for (const draw of captionDraws(caption, composition, textFile)) {
      if (typeof draw === 'string') {
        filters.push(draw);
        continue;
      }
      flush();
      const { box, colour, from, to } = draw;
      // The left and top edges go down to even pixels; the right and bottom stay where they are.
      const [x, y] = [box.x - (box.x & 1), box.y - (box.y & 1)];
      const [width, height] = [box.x + box.width - x, box.y + box.height - y];
      const source = next();
      const out = next();
      chains.push(
        `color=c=${colour}:s=${width}x${height}:r=${composition.fps},format=yuva420p,trim=end_frame=${to}${source}`,
      );
      chains.push(`${label}${source}overlay=x=${x}:y=${y}:format=yuv420:eof_action=pass:${shownOn(from, to)}${out}`);
      label = out;
    }
  flush();
  return label;
}

function captionDraws(caption: Caption, composition: Composition, textFile: (text: string) => string): Draw[] {
  const look = captionLookOf(caption.style, null, caption.captionStyle);
  const from = Math.max(0, firstFrameAtOrAfter(composition, caption.startMs));
  const to = Math.min(composition.frames, firstFrameAtOrAfter(composition, caption.endMs));
  if (to <= from) return [];
  const file = fontFile(caption.font, look.weight);
  const metrics = fontMetrics(file);
  const layout = layOutCaption(caption.text, look, metrics, composition);
  const { fontPx, lines } = layout;
  const outlinePx = scaledPx(look.outlineWidthPx, composition.height);
  const shadowPx = Math.floor(SHADOW.offsetEm * fontPx + 0.5);
  const text = (words: string, x: number, line: LaidLine, fill: string, shown: [number, number], sizePx = fontPx) => {
    const font = `fontfile=${filterValue(file)}:fontsize=${sizePx}:ft_load_flags=no_hinting:expansion=none`;
    const outline = outlinePx > 0 ? `:borderw=${outlinePx}:bordercolor=${colour(look.outlineColor)}` : '';
    const shadow =
      look.shadow && shadowPx > 0
        ? `:shadowx=${shadowPx}:shadowy=${shadowPx}:shadowcolor=${colour(SHADOW.color, SHADOW.alpha)}`
        : '';
    return `drawtext=${font}:textfile=${filterValue(textFile(words))}:fontcolor=${colour(fill)}${outline}${shadow}:x=${x}:y=${expr(`${line.baseline}-ascent`)}:${shownOn(...shown)}`;
  };

  // Every box first (the lines', then the word being said's), then the text over them.
  const boxes: Draw[] = [];
  const texts: Draw[] = [];
  if (look.boxOpacity > 0)
    for (const { box } of lines) boxes.push({ box, colour: colour(look.boxColor, look.boxOpacity), from, to });
  if (!hasWordLook(look)) {
    for (const line of lines) texts.push(text(line.text, line.x, line, look.textColor, [from, to]));
    return [...boxes, ...texts];
  }
  const wordCount = lines.reduce((n, line) => n + line.words.length, 0);
  // The frame each word begins on (the caption's end when it never does).
  const lit = highlightTimes(caption, wordCount).map((at) =>
    Number.isFinite(at) ? Math.min(to, Math.max(from, firstFrameAtOrAfter(composition, at))) : to,
  );
  for (const line of lines)
    for (const word of line.words) {
      // Not yet said; being said (until the next word begins); said.
      const begins = lit[word.index]!;
      const ends = Math.max(begins, lit[word.index + 1] ?? to);
      if (begins > from) texts.push(text(word.text, word.x, line, look.textColor, [from, begins]));
      const fill = wordColorOf(look, word.index, word.index + 1);
      const said = wordColorOf(look, word.index, word.index + 2);
      if (look.activeWordScale === 1 && look.activeWordBoxColor === null && fill === said) {
        // Being said looks as said: one text from when it begins.
        if (to > begins) texts.push(text(word.text, word.x, line, said, [begins, to]));
        continue;
      }
      if (ends > begins) {
        const active = activeWordPlace(word, line, layout, look, metrics);
        if (look.activeWordBoxColor !== null)
          boxes.push({ box: active.box, colour: colour(look.activeWordBoxColor), from: begins, to: ends });
        texts.push(text(word.text, active.x, line, fill, [begins, ends], active.fontPx));
      }
      if (to > ends) texts.push(text(word.text, word.x, line, said, [ends, to]));
    }
  return [...boxes, ...texts];
}
