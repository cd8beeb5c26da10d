// The caption layout the render draws: shared/timeline/captionLayout.ts (one layout for the
// render and the monitor), with the catalog styles as presets of the caption look.
import { CAPTION_PRESETS } from '../../shared/timeline/captionStyle.ts';

export {
  advancePx,
  captionParagraphs as captionWords,
  highlightTimes,
  layOutCaption,
  textWidthPx as textWidth,
  type CaptionLayout,
  type LaidLine,
  type LaidWord,
} from '../../shared/timeline/captionLayout.ts';

/** The catalog's styles as looks (shared/timeline/captionStyle.ts). */
export const CAPTION_STYLE_RULES = CAPTION_PRESETS;
