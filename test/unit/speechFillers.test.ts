// Fillers of two words ("you know", "I mean", "sort of", "kind of") are marked and removed
// like "um"; and once the fillers are cut (from the Transcript tab), a speech edit's
// proposals for them are no longer proposed: proposals are checked against the timeline
// as it is now.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { catalog as serviceCatalog } from '../../sandbox/editor/editorCatalog.ts';
import { planInterviewEdit } from '../../sandbox/production/speechEditPlan.ts';
import { stillOnTimeline } from '../../shared/production/speechCuts.ts';
import { applyCommands, type ApplyContext } from '../../shared/timeline/applyCommands.ts';
import { CatalogSchema, type Timeline } from '../../shared/timeline/timelineTypes.ts';
import { isFillerPhrase, speechMarks } from '../../shared/transcript/speechMarks.ts';
import { removeFillers, speechCounts } from '../../shared/transcript/textEdits.ts';
import { timelineTranscript, type SpokenWord, type WordItem } from '../../shared/transcript/timelineTranscript.ts';

const ctx: ApplyContext = {
  catalog: CatalogSchema.parse(serviceCatalog()),
  asset: () => ({ kind: 'video', durationMs: 10_000 }),
  newId: randomUUID,
};
const w = (text: string, startMs: number, endMs: number): SpokenWord => ({ text, startMs, endMs });

/** "so um I think you know we should sort of go": a hesitation and two filler phrases. */
const SPEECH: SpokenWord[] = [
  w('so', 0, 300),
  w('um', 400, 700),
  w('I', 800, 900),
  w('think', 900, 1300),
  w('you', 1400, 1550),
  w('know', 1550, 1800),
  w('we', 1900, 2050),
  w('should', 2050, 2400),
  w('sort', 2500, 2700),
  w('of', 2700, 2800),
  w('go', 2900, 3300),
];

function onTimeline(): Timeline {
  const empty: Timeline = {
    projectId: 1,
    revision: 'r0',
    durationMs: 0,
    tracks: [{ id: randomUUID(), kind: 'video', name: 'Video 1', muted: false, locked: false, clips: [] }],
  };
  const trackId = empty.tracks[0]!.id;
  return applyCommands(empty, [{ type: 'addClip', trackId, assetId: 1, startMs: 0, inMs: 0, outMs: 4000 }], ctx);
}

describe('fillers of two words', () => {
  it('marks both words of "you know", "I mean", "sort of", "kind of" as one filler', () => {
    expect(isFillerPhrase('You', 'know,')).toBe(true);
    expect(isFillerPhrase('kind', 'of')).toBe(true);
    expect(isFillerPhrase('know', 'you')).toBe(false);
    const transcript = timelineTranscript(onTimeline(), new Map([[1, SPEECH]]));
    const marked = transcript.items.filter((i): i is WordItem => i.kind === 'word' && i.mark !== null);
    expect(marked.map((i) => [i.text, i.mark])).toEqual([
      ['um', 'filler'],
      ['you', 'filler'],
      ['know', 'filler'],
      ['sort', 'filler'],
      ['of', 'filler'],
    ]);
    // Three fillers: a phrase counts once.
    expect(speechCounts(transcript, Infinity).fillers).toBe(3);
    // Said apart (a pause between), the two words are not a phrase.
    expect(speechMarks([w('you', 0, 100), w('know', 900, 1000)])).toEqual([null, null]);
  });

  it('removes them in one edit, and a speech edit then proposes none of them again', () => {
    const timeline = onTimeline();
    const transcript = timelineTranscript(timeline, new Map([[1, SPEECH]]));
    const removal = removeFillers(timeline, transcript, ctx);
    if (!('commands' in removal)) throw new Error(removal.nothing);
    expect(removal.label).toBe('Remove 3 fillers');
    const after = applyCommands(timeline, removal.commands, ctx);
    const left = timelineTranscript(after, new Map([[1, SPEECH]]));
    expect(left.items.filter((i) => i.kind === 'word').map((i) => (i as WordItem).text)).toEqual([
      'so',
      'I',
      'think',
      'we',
      'should',
      'go',
    ]);

    // The interview edit made from the same words proposes cutting "um" (and any hesitation it heard).
    const proposals = planInterviewEdit(SPEECH.map((s) => ({ ...s, confidence: 1 }))).proposals;
    const um = proposals.find((p) => p.reason.includes('"um"'))!;
    expect(stillOnTimeline(timeline, 1, um.cutRange)).toBe(true);
    // Once the fillers are cut, it is not on the timeline any more: not proposed again.
    expect(stillOnTimeline(after, 1, um.cutRange)).toBe(false);
    // What was not cut still is.
    expect(stillOnTimeline(after, 1, { startMs: 900, endMs: 1300 })).toBe(true);
  });
});
