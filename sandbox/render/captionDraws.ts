// Captions burnt into the picture (docs/render-semantics.md, "Captions"): for each caption
// on screen, a box behind each line and its text (drawtext) from the catalog font's file,
// each shown on exactly the frames the caption covers. A karaoke line is drawn word by
// word, each word white until it begins and yellow after. drawtext reads each text from a
// file, so no character of a caption can break the filtergraph.
//
// The picture is 4:2:0 here, and drawbox blends a see-through colour into 4:2:0 chroma once
// per pixel of each 2×2 block — four times (measured: black at 0.5 over blue gave
// rgb(8,12,27), not rgb(0,0,127)). So a box is a colour picture laid on by overlay, which
// blends 4:2:0 right, its left and top edges on even pixels (overlay's 4:2:0 placement).
import { CAPTION_STYLE_RULES, highlightTimes, layOutCaption, TEXT_COLOUR, type LaidLine } from './captionLayout.ts';
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
  const rule = CAPTION_STYLE_RULES[caption.style] ?? CAPTION_STYLE_RULES.subtitle!;
  const from = Math.max(0, firstFrameAtOrAfter(composition, caption.startMs));
  const to = Math.min(composition.frames, firstFrameAtOrAfter(composition, caption.endMs));
  if (to <= from) return [];
  const file = fontFile(caption.font, rule.weight);
  const { fontPx, lines } = layOutCaption(caption.text, rule, fontMetrics(file), composition);
  const font = `fontfile=${filterValue(file)}:fontsize=${fontPx}:ft_load_flags=no_hinting:expansion=none`;
  const text = (words: string, x: number, line: LaidLine, fill: string, shown: [number, number]) =>
    `drawtext=${font}:textfile=${filterValue(textFile(words))}:fontcolor=${fill}:x=${x}:y=${expr(`${line.baseline}-ascent`)}:${shownOn(...shown)}`;

  const filters: Draw[] = [];
  const wordCount = lines.reduce((n, line) => n + line.words.length, 0);
  const highlights = rule.highlight ? highlightTimes(caption, wordCount) : [];
  for (const line of lines) {
    const { box } = line;
    filters.push({ box, colour: colour(rule.box.color, rule.box.alpha), from, to });
    if (!rule.highlight) {
      filters.push(text(line.text, line.x, line, colour(TEXT_COLOUR), [from, to]));
      continue;
    }
    for (const word of line.words) {
      const at = highlights[word.index]!;
      const lit = Number.isFinite(at) ? Math.min(to, Math.max(from, firstFrameAtOrAfter(composition, at))) : to;
      if (lit > from) filters.push(text(word.text, word.x, line, colour(TEXT_COLOUR), [from, lit]));
      if (to > lit) filters.push(text(word.text, word.x, line, colour(rule.highlight), [lit, to]));
    }
  }
  return filters;
}
