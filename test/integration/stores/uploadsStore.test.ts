// The uploads store against the real core and sandbox: a dropped file is streamed to main,
// followed through main's events to the finished asset the service lists; a file the
// service would not take, or one with nowhere to go, is refused at once with the reason and
// never sent; and one cancelled before its turn is never sent either.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHearing } from '../../../renderer/client/mainEvents.ts';
import { useMediaUploads, type UploadRow } from '../../../renderer/stores/mediaUploadsStore.ts';
import { useWorkspace } from '../../../renderer/stores/workspaceStore.ts';
import { makeFixtureDir, makePng, makeWav } from '../../support/mediaFixtures.ts';
import { openRendererHarness, until, type RendererHarness } from '../../support/rendererHarness.ts';

const fixtures = makeFixtureDir();
let h: RendererHarness;
let stopListening: () => void;
let projectId: number;

beforeAll(async () => {
  h = await openRendererHarness();
  // As the shell starts: main's events, the uploads a restart left, then the app's state.
  stopListening = startHearing();
  void useMediaUploads.getState().recover();
  await useWorkspace.getState().load();
  projectId = await h.editor.createProject('Uploads');
});
afterAll(async () => {
  stopListening?.();
  await h?.close();
  fixtures.cleanup();
});

const fileAt = (path: string, name = basename(path)) => new File([readFileSync(path)], name);
const rowOf = (name: string) => useMediaUploads.getState().rows.find((r) => r.filename === name);
const settled = (name: string) =>
  until(() => {
    const row = rowOf(name);
    return row && ['completed', 'failed', 'cancelled', 'refused'].includes(row.phase) ? row : undefined;
  }, `${name} settled`);
const streamed = () => h.calls.filter((name) => name === 'assets.streamBegin').length;

describe('the uploads store', () => {
  it('streams a dropped file to main and follows it to the asset the service lists', async () => {
    const png = await makePng(fixtures.dir, { name: 'still.png' });
    useMediaUploads.getState().add([fileAt(png)], { projectId });
    expect(rowOf('still.png')?.phase).toBe('preparing');

    const row: UploadRow = await settled('still.png');
    expect(row.phase).toBe('completed');
    expect(row.asset).toMatchObject({ filename: 'still.png', kind: 'image', projectId });
    expect(row.doneBytes).toBe(row.sizeBytes);
    const listed = await fetch(`${h.sandbox.createBaseUrl}/assets?projectId=${projectId}`, {
      headers: { authorization: `Bearer ${h.sandbox.apiKey}` },
    });
    const ids = ((await listed.json()) as { data: { id: number }[] }).data.map((a) => a.id);
    expect(ids).toContain(row.asset!.id);
  });

  it('refuses at once, with the reason, a file the service would not take or one with nowhere to go', async () => {
    const before = streamed();
    useMediaUploads.getState().add([new File(['plain words'], 'notes.txt')], { projectId });
    const wav = await makeWav(fixtures.dir, { name: 'nowhere.wav' });
    useMediaUploads.getState().add([fileAt(wav)], null);

    expect(rowOf('notes.txt')).toMatchObject({ phase: 'refused' });
    expect(rowOf('notes.txt')!.message).toMatch(/\S/);
    expect(rowOf('nowhere.wav')).toMatchObject({ phase: 'refused' });
    expect(rowOf('nowhere.wav')!.message).toMatch(/Choose a project/);
    expect(streamed()).toBe(before);
  });

  it('never sends a file cancelled before its turn came', async () => {
    const first = await makeWav(fixtures.dir, { seconds: 2, name: 'first.wav' });
    const second = await makeWav(fixtures.dir, { name: 'second.wav' });
    const before = streamed();
    useMediaUploads.getState().add([fileAt(first), fileAt(second)], { projectId });
    await useMediaUploads.getState().cancel(rowOf('second.wav')!.key);

    expect((await settled('first.wav')).phase).toBe('completed');
    expect((await settled('second.wav')).phase).toBe('cancelled');
    expect(streamed()).toBe(before + 1);
  });
});
