// Markers in the one timeline model (add, update, remove; checked; undone exactly), their
// chapters in a render, and the YouTube chapters text made from them.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CommandSchema } from '../../sandbox/editor/timelineSchemas.ts';
import { chapterArgs, chapterMetadata, chaptersIn } from '../../sandbox/render/chapters.ts';
import { buildJoinCommand } from '../../sandbox/render/renderCommand.ts';
import { applyCommands, EditRejected } from '../../shared/timeline/applyCommands.ts';
import { describeCommands } from '../../shared/timeline/describeCommands.ts';
import { EditorCommandSchema, type EditorCommand } from '../../shared/timeline/editorCommands.ts';
import { applyWithInverse } from '../../shared/timeline/inverseCommands.ts';
import type { Timeline } from '../../shared/timeline/timelineTypes.ts';
import { youtubeChapters, youtubeTimestamp } from '../../shared/timeline/youtubeChapters.ts';
import { ctx, emptyTimeline } from '../support/timelineEdits.ts';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

function refusal(timeline: Timeline, commands: EditorCommand[]): EditRejected {
  try {
    applyCommands(timeline, commands, ctx);
  } catch (err) {
    return err as EditRejected;
  }
  throw new Error('the list applied');
}

describe('markers in the timeline model', () => {
  it('adds markers in time order with a default colour, and moves, renames, recolours and annotates them', () => {
    let t = applyCommands(
      emptyTimeline(),
      [
        { type: 'addMarker', markerId: A, atMs: 5000, name: 'Verse' },
        { type: 'addMarker', markerId: B, atMs: 1000, name: 'Intro', color: 'red', note: 'Count in' },
      ],
      ctx,
    );
    expect(t.markers).toEqual([
      { id: B, atMs: 1000, name: 'Intro', color: 'red', note: 'Count in' },
      { id: A, atMs: 5000, name: 'Verse', color: 'blue' },
    ]);
    t = applyCommands(
      t,
      [
        { type: 'updateMarker', markerId: A, atMs: 0, name: 'Cold open', color: 'green', note: 'Loud' },
        { type: 'updateMarker', markerId: B, note: '' },
      ],
      ctx,
    );
    expect(t.markers).toEqual([
      { id: A, atMs: 0, name: 'Cold open', color: 'green', note: 'Loud' },
      { id: B, atMs: 1000, name: 'Intro', color: 'red' },
    ]);
    t = applyCommands(t, [{ type: 'removeMarker', markerId: A }], ctx);
    expect(t.markers!.map((m) => m.id)).toEqual([B]);
    // The tracks were not touched: the same objects.
    expect(t.tracks).toEqual(emptyTimeline().tracks.map((tr, i) => ({ ...tr, id: t.tracks[i]!.id })));
  });

  it('undoes each marker command exactly, a removed marker coming back with its note in its place', () => {
    const start = applyCommands(
      emptyTimeline(),
      [
        { type: 'addMarker', markerId: A, atMs: 2000, name: 'Same time', note: 'first' },
        { type: 'addMarker', markerId: B, atMs: 2000, name: 'Same time too', color: 'pink' },
      ],
      ctx,
    );
    const lists: EditorCommand[][] = [
      [{ type: 'removeMarker', markerId: A }],
      [{ type: 'updateMarker', markerId: B, atMs: 9000, name: 'Later', color: 'cyan', note: 'new' }],
      [{ type: 'updateMarker', markerId: A, note: '' }],
      [{ type: 'addMarker', atMs: 1, name: 'No ID given' }],
      [
        { type: 'removeMarker', markerId: B },
        { type: 'addMarker', markerId: B, atMs: 0, name: 'Again' },
      ],
    ];
    for (const commands of lists) {
      const done = applyWithInverse(start, commands, ctx);
      expect(done.timeline.markers).not.toEqual(start.markers);
      expect(applyCommands(done.timeline, done.inverse, ctx).markers).toEqual(start.markers);
    }
  });

  it('refuses a marker it cannot find, an ID already used, an empty update and the markers limit, naming what to change', () => {
    const t = applyCommands(emptyTimeline(), [{ type: 'addMarker', markerId: A, atMs: 0, name: 'One' }], ctx);
    const missing = refusal(t, [{ type: 'removeMarker', markerId: B }]);
    expect([missing.code, missing.field, missing.forPeople]).toEqual([
      'editor.target_not_found',
      'markerId',
      'The marker is no longer on the timeline.',
    ]);
    expect(refusal(t, [{ type: 'addMarker', markerId: A, atMs: 5, name: 'Two' }]).message).toMatch(
      /already on the timeline; use a new UUID/,
    );
    expect(refusal(t, [{ type: 'updateMarker', markerId: A }]).message).toBe(
      'name at least one of atMs, name, color, note.',
    );
    const small = { ...ctx, catalog: { ...ctx.catalog!, limits: { ...ctx.catalog!.limits, markersPerTimeline: 1 } } };
    expect(() => applyCommands(t, [{ type: 'addMarker', atMs: 5, name: 'Two' }], small)).toThrow(
      /at most 1 markers; remove one first/,
    );
  });

  it('checks names (1 to 80 characters, one line), colours and times on both the app and the service', () => {
    const ok = { type: 'addMarker', atMs: 0, name: 'Intro' };
    for (const schema of [EditorCommandSchema, CommandSchema]) {
      expect(schema.safeParse(ok).success).toBe(true);
      expect(schema.safeParse({ ...ok, name: '𝕏'.repeat(80) }).success).toBe(true);
      const problems = [
        { ...ok, name: '   ' },
        { ...ok, name: 'x'.repeat(81) },
        { ...ok, name: 'two\nlines' },
        { ...ok, color: 'mauve' },
        { ...ok, atMs: -1 },
        { ...ok, atMs: 1.5 },
        { ...ok, note: 'n'.repeat(1001) },
        { type: 'removeMarker', markerId: 'not-a-uuid' },
      ];
      for (const bad of problems) expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('words marker edits for the history', () => {
    const add: EditorCommand = { type: 'addMarker', atMs: 0, name: 'A' };
    expect(describeCommands([add, add])).toBe('Add 2 markers');
    expect(describeCommands([{ type: 'removeMarker', markerId: randomUUID() }])).toBe('Remove marker');
  });
});

describe('chapters of a render', () => {
  const markers = [
    { atMs: 500, name: 'Before the range' },
    { atMs: 1000, name: 'Start' },
    { atMs: 1000, name: 'Same moment' },
    { atMs: 2500, name: 'Key = value; #1 \\ done' },
    { atMs: 4000, name: 'At the end' },
  ];

  it('makes a chapter of each marker inside the range, in file time, each until the next', () => {
    expect(chaptersIn(markers, { startMs: 1000, endMs: 4000 })).toEqual([
      { startMs: 0, endMs: 1500, title: 'Start' },
      { startMs: 1500, endMs: 3000, title: 'Key = value; #1 \\ done' },
    ]);
  });

  it('writes them as ffmetadata with its escapes, as one more input mapped to the output', () => {
    const chapters = chaptersIn(markers, { startMs: 1000, endMs: 4000 });
    expect(chapterMetadata(chapters)).toBe(
      ';FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=1500\ntitle=Start\n' +
        '[CHAPTER]\nTIMEBASE=1/1000\nSTART=1500\nEND=3000\ntitle=Key \\= value\\; \\#1 \\\\ done\n',
    );
    expect(chapterArgs(chapters, 3, () => '/tmp/c.txt')).toEqual([
      '-f',
      'ffmetadata',
      '-i',
      '/tmp/c.txt',
      '-map_chapters',
      '3',
    ]);
    expect(chapterArgs([], 3, () => '/tmp/c.txt')).toEqual(['-map_chapters', '-1']);
    // A render made in parts gets them when the parts are joined (the third input, after picture and sound).
    const join = buildJoinCommand({
      format: 'mp4',
      quality: 'draft',
      pictures: 'p',
      sounds: 's',
      output: 'o',
      chapters,
      chaptersFile: 'c',
    });
    expect(join.slice(join.indexOf('ffmetadata') - 1, join.indexOf('ffmetadata') + 5)).toEqual([
      '-f',
      'ffmetadata',
      '-i',
      'c',
      '-map_chapters',
      '2',
    ]);
  });
});

describe('YouTube chapters text', () => {
  it('lists the markers as "0:00 Title" lines, adding an Intro when the first is later than 0:00', () => {
    const made = youtubeChapters(
      [
        { atMs: 95_400, name: 'Outro' },
        { atMs: 15_000, name: 'Setup' },
        { atMs: 42_999, name: 'The build' },
      ],
      120_000,
    );
    expect(made.text).toBe('0:00 Intro\n0:15 Setup\n0:42 The build\n1:35 Outro');
    expect(made.problems).toEqual([]);
  });

  it('writes hours for a video of an hour or more', () => {
    expect(youtubeTimestamp(3_725_000, true)).toBe('1:02:05');
    expect(youtubeTimestamp(725_000, false)).toBe('12:05');
    const made = youtubeChapters(
      [
        { atMs: 0, name: 'A' },
        { atMs: 1_800_000, name: 'B' },
        { atMs: 3_600_000, name: 'C' },
      ],
      4_000_000,
    );
    expect(made.text).toBe('0:00:00 A\n0:30:00 B\n1:00:00 C');
  });

  it("says which of YouTube's rules the markers break and what to change", () => {
    const few = youtubeChapters([{ atMs: 0, name: 'Only' }], 60_000);
    expect(few.text).toBe('0:00 Only');
    expect(few.problems).toEqual(['YouTube needs at least 3 chapters; there is 1: add markers.']);
    const short = youtubeChapters(
      [
        { atMs: 0, name: 'A' },
        { atMs: 4_000, name: 'B' },
        { atMs: 30_000, name: 'C' },
        { atMs: 70_000, name: 'Past the end' },
      ],
      60_000,
    );
    expect(short.text).toBe('0:00 A\n0:04 B\n0:30 C');
    expect(short.problems).toEqual([
      '"Past the end" at 1:10 is at or past the end (1:00): move it or remove it.',
      '"A" (0:00 to 0:04) lasts 4 s; YouTube needs at least 10 s per chapter: move or remove a marker.',
    ]);
    expect(youtubeChapters([], 60_000).problems).toEqual([
      'There are no markers: add one at the start of each chapter (M).',
    ]);
  });
});
