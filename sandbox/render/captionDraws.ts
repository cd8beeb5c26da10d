// Captions burnt into the picture (docs/render-semantics.md, "Captions"): for each caption
// on screen, a box behind each line (drawbox) and its text (drawtext) from the catalog
// font's file, each shown on exactly the frames the caption covers. A karaoke line is drawn
// word by word, each word white until it begins and yellow after. drawtext reads each text
// from a file, so no character of a caption can break the filtergraph.
import { CAPTION_STYLE_RULES, highlightTimes, layOutCaption, TEXT_COLOUR, type LaidLine } from './captionLayout.ts';
import { fontFile, fontMetrics } from './catalogFonts.ts';
import { firstFrameAtOrAfter, type Caption, type Composition } from './composition.ts';
import { expr, filterValue, num } from './filterText.ts';

const colour = (hex: string, alpha = 1) => `0x${hex.slice(1)}${alpha < 1 ? `@${num(alpha)}` : ''}`;
const shownOn = (from: number, to: number) => `enable=${expr(`between(n,${from},${to - 1})`)}`;

/** The drawbox and drawtext filters of every caption, in drawing order. */
export function captionDraws(composition: Composition, textFile: (text: string) => string): string[] {
  const filters: string[] = [];
  for (const caption of composition.captions) filters.push(...captionFilters(caption, composition, textFile));
  return filters;
}

function captionFilters(caption: Caption, composition: Composition, textFile: (text: string) => string): string[] {
  const rule = CAPTION_STYLE_RULES[caption.style] ?? CAPTION_STYLE_RULES.subtitle!;
  const from = Math.max(0, firstFrameAtOrAfter(composition, caption.startMs));
  const to = Math.min(composition.frames, firstFrameAtOrAfter(composition, caption.endMs));
  if (to <= from) return [];
  const file = fontFile(caption.font, rule.weight);
  const { fontPx, lines } = layOutCaption(caption.text, rule, fontMetrics(file), composition);
  const font = `fontfile=${filterValue(file)}:fontsize=${fontPx}:ft_load_flags=no_hinting:expansion=none`;
  const text = (words: string, x: number, line: LaidLine, fill: string, shown: [number, number]) =>
    `drawtext=${font}:textfile=${filterValue(textFile(words))}:fontcolor=${fill}:x=${x}:y=${expr(`${line.baseline}-ascent`)}:${shownOn(...shown)}`;

  const filters: string[] = [];
  const wordCount = lines.reduce((n, line) => n + line.words.length, 0);
  const highlights = rule.highlight ? highlightTimes(caption, wordCount) : [];
  for (const line of lines) {
    const { box } = line;
    filters.push(
      `drawbox=x=${box.x}:y=${box.y}:w=${box.width}:h=${box.height}:color=${colour(rule.box.color, rule.box.alpha)}:t=fill:${shownOn(from, to)}`,
    );
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
