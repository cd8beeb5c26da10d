// What a speech edit will cost, shown before it is asked for (spec rule 4: text models are
// priced in credits per million input and output tokens; usdPerCredit includes the
// account's multiplier). The tokens are estimated the usual way, about four characters a
// token, from the timed words the model reads and what it is likely to write; the job's
// receipt shows what was actually charged.
import type { Model } from '../api/createTypes.ts';
import { isFiller, SPEECH_RULES } from '../transcript/speechMarks.ts';
import type { SpeechTask, Word } from './productionTypes.ts';

const CHARS_PER_TOKEN = 4;
/** The instructions the model reads before the words. */
const INSTRUCTION_CHARS = 200;
/** One proposal written as JSON (times, kind, reason, range). */
const PROPOSAL_CHARS = 170;

export interface SpeechEditEstimate {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly credits: number;
  readonly usd: number;
}

function outputChars(task: SpeechTask, words: readonly Word[]): number {
  if (task === 'caption-translation') {
    // English cues: about the words' own length, plus a little JSON per cue of some eight words.
    const text = words.reduce((sum, w) => sum + w.text.length + 1, 0);
    return 60 + text + Math.ceil(words.length / 8) * 45;
  }
  let proposals = 0;
  words.forEach((word, i) => {
    if (isFiller(word.text)) proposals++;
    const next = words[i + 1];
    if (next && next.startMs - word.endMs >= SPEECH_RULES.longPauseMs) proposals++;
  });
  return 60 + proposals * PROPOSAL_CHARS;
}

/** The estimate for `model`; null when the catalog does not give the model's token prices. */
export function estimateSpeechEdit(task: SpeechTask, words: readonly Word[], model: Model): SpeechEditEstimate | null {
  const { inputCreditsPerMillionTokens: inPrice, outputCreditsPerMillionTokens: outPrice, usdPerCredit } = model;
  if (inPrice === undefined || outPrice === undefined || usdPerCredit === undefined) return null;
  const prompt = INSTRUCTION_CHARS + words.reduce((sum, w) => sum + `${w.startMs}-${w.endMs} ${w.text}`.length + 1, 0);
  const inputTokens = Math.ceil(prompt / CHARS_PER_TOKEN);
  const outputTokens = Math.ceil(outputChars(task, words) / CHARS_PER_TOKEN);
  const credits = (inputTokens * inPrice + outputTokens * outPrice) / 1e6;
  return { inputTokens, outputTokens, credits, usd: credits * usdPerCredit };
}

/** Dollars for people: cents for larger sums, four decimals for the small sums text work costs. */
export function usdText(usd: number): string {
  if (usd === 0) return '$0.00';
  if (usd < 0.01) return `$${usd.toFixed(4)}`;
  return `$${usd.toFixed(2)}`;
}
