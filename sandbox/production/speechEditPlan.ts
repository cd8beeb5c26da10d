// What a speech edit produces from a transcript, and what it costs. The sandbox's "text
// model" is deterministic: an interview edit proposes cutting hesitations (the fillers the
// recogniser heard, if any) and tightening long pauses (gaps between words). It translates
// nothing: the local recogniser hears English only, and captions are translated into
// English, so a caption translation is refused before it is planned (speechEdits.ts);
// translations stored by earlier versions are still read. Tokens are estimated the usual
// way (about four characters a token) from the text the model reads and writes; since the
// output is deterministic the estimate made at acceptance is also the actual usage shown in
// the receipt.
import type { TextModel } from '../create/modelCatalog.ts';
import { isFiller, type Word } from './transcriptWords.ts';

export const INTERVIEW_RULES = {
  /** A pause between words at least this long is proposed for tightening. */
  longPauseMs: 1000,
  /** Pause kept on each side of a tightened cut, so speech does not sound clipped. */
  keepPauseMs: 250,
} as const;

export interface Proposal {
  id: string;
  kind: 'cut' | 'tighten';
  /** The stretch of the asset the proposal is about (the hesitation, or the whole pause). */
  startMs: number;
  endMs: number;
  reason: string;
  /** The part to remove, in the asset's time. */
  cutRange: { startMs: number; endMs: number };
}

export interface TranslatedCue {
  startMs: number;
  endMs: number;
  text: string;
}

export interface InterviewEdit {
  task: 'interview-edit';
  proposals: Proposal[];
}

/** What a completed speech edit stored; caption translations only by earlier versions. */
export type SpeechEditResult =
  InterviewEdit | { task: 'caption-translation'; targetLanguage: 'en'; cues: TranslatedCue[] };

const INSTRUCTIONS =
  'You edit interview recordings. From the timed words below, propose cuts of hesitations and tightening of long pauses, each with the time range to remove and a short reason.';

function proposeInterviewEdits(words: Word[]): Proposal[] {
  const proposals: Omit<Proposal, 'id'>[] = [];
  words.forEach((word, i) => {
    if (isFiller(word.text)) {
      proposals.push({
        kind: 'cut',
        startMs: word.startMs,
        endMs: word.endMs,
        reason: `Hesitation "${word.text}".`,
        cutRange: { startMs: word.startMs, endMs: word.endMs },
      });
    }
    const next = words[i + 1];
    if (next && next.startMs - word.endMs >= INTERVIEW_RULES.longPauseMs) {
      const pauseMs = next.startMs - word.endMs;
      proposals.push({
        kind: 'tighten',
        startMs: word.endMs,
        endMs: next.startMs,
        reason: `Pause of ${(pauseMs / 1000).toFixed(1)} s between "${word.text}" and "${next.text}".`,
        cutRange: {
          startMs: word.endMs + INTERVIEW_RULES.keepPauseMs,
          endMs: next.startMs - INTERVIEW_RULES.keepPauseMs,
        },
      });
    }
  });
  return proposals.sort((a, b) => a.startMs - b.startMs).map((p, i) => ({ id: `p${i + 1}`, ...p }));
}

export function planInterviewEdit(words: Word[]): InterviewEdit {
  return { task: 'interview-edit', proposals: proposeInterviewEdits(words) };
}

const tokensOf = (text: string) => Math.ceil(text.length / 4);

export interface SpeechEditUsage {
  inputTokens: number;
  outputTokens: number;
  micros: number;
}

/** The model reads the instructions and the timed words, and writes the result as JSON. */
export function usageOf(
  words: Word[],
  result: InterviewEdit,
  model: TextModel,
  microsPerCredit: number,
): SpeechEditUsage {
  const prompt = `${INSTRUCTIONS}\n${words.map((w) => `${w.startMs}-${w.endMs} ${w.text}`).join('\n')}`;
  const inputTokens = tokensOf(prompt);
  const outputTokens = tokensOf(JSON.stringify(result));
  const credits =
    (inputTokens * model.inputCreditsPerMillionTokens + outputTokens * model.outputCreditsPerMillionTokens) / 1e6;
  return { inputTokens, outputTokens, micros: Math.ceil(credits * microsPerCredit) };
}
