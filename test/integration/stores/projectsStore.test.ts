// The projects store against the real core and sandbox: pages read in order with each
// project once, a new project first, a rename that lost a race kept for the user to choose,
// a name over the limit refused with the limit named, and a late page of the workspace left
// behind kept out of the new workspace's list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_LIMITS } from '../../../shared/limits.ts';
import { startHearing } from '../../../renderer/client/mainEvents.ts';
import { PROJECTS_PAGE_SIZE, useProjects } from '../../../renderer/stores/projectsStore.ts';
import { useToasts } from '../../../renderer/stores/toastStore.ts';
import { useWorkspace } from '../../../renderer/stores/workspaceStore.ts';
import { openRendererHarness, until, type RendererHarness } from '../../support/rendererHarness.ts';
import { startSandboxProcess } from '../../support/sandboxProcess.ts';

let h: RendererHarness;
let stopListening: () => void;
const store = () => useProjects.getState();
const names = () => store().items.map((p) => p.name);

beforeAll(async () => {
  h = await openRendererHarness();
  // As the shell starts: main's events, then the app's state (the active workspace).
  stopListening = startHearing();
  await useWorkspace.getState().load();
  for (let i = 1; i <= PROJECTS_PAGE_SIZE + 5; i++) await h.editor.createProject(`Project ${i}`);
});
afterAll(async () => {
  stopListening?.();
  await h?.close();
});

describe('the projects store', () => {
  it('reads the projects page by page, newest first, each once; a new project comes first', async () => {
    await store().loadFirst();
    expect(store().items).toHaveLength(PROJECTS_PAGE_SIZE);
    expect(names()[0]).toBe(`Project ${PROJECTS_PAGE_SIZE + 5}`);
    await store().loadMore();
    expect(store().items).toHaveLength(PROJECTS_PAGE_SIZE + 5);
    expect(new Set(store().items.map((p) => p.id)).size).toBe(PROJECTS_PAGE_SIZE + 5);
    expect(store().nextCursor).toBeNull();

    expect(await store().create('Fresh', '9:16')).toMatchObject({ name: 'Fresh' });
    expect(store().items[0]).toMatchObject({ name: 'Fresh', aspectRatio: '9:16' });
  });

  it('refuses a name over the limit, naming the limit, and makes nothing', async () => {
    const before = store().items.length;
    expect(await store().create('x'.repeat(CREATE_LIMITS.projectName.max + 1), '16:9')).toBeNull();
    expect(useToasts.getState().toasts.at(-1)?.message).toContain(`${CREATE_LIMITS.projectName.max} characters`);
    expect(store().items).toHaveLength(before);
  });

  it('keeps both names when a rename loses a race, and renames again over the newer one when asked', async () => {
    const project = store().items.find((p) => p.name === 'Fresh')!;
    // Renamed elsewhere meanwhile.
    const res = await fetch(`${h.sandbox.createBaseUrl}/projects/${project.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${h.sandbox.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Theirs', revision: project.updatedAt }),
    });
    expect(res.status).toBe(200);

    expect(await store().rename(project, 'Mine')).toBe(false);
    expect(store().conflict).toMatchObject({ wanted: 'Mine', current: { name: 'Theirs' } });
    await store().resolveConflict('keepMine');
    expect(store().conflict).toBeNull();
    expect(store().items.find((p) => p.id === project.id)?.name).toBe('Mine');
  });

  it('drops a page of the previous workspace that answers after the switch', async () => {
    await store().loadFirst();
    expect(store().nextCursor).not.toBeNull();
    const other = await startSandboxProcess();
    try {
      const otherProject = await fetch(`${other.createBaseUrl}/projects`, {
        method: 'POST',
        headers: { authorization: `Bearer ${other.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'In the other account' }),
      });
      expect(otherProject.status).toBe(201);
      // The first account answers slowly from now on: the next page arrives after the switch.
      await h.sandbox.admin('POST', '/_sandbox/faults', { latencyMs: 1500 });
      const late = store().loadMore();

      const reply = await h.core.dispatch('workspaces.addRemote', {
        name: 'Other account',
        createBaseUrl: other.createBaseUrl,
        apiKey: other.apiKey,
      });
      expect(reply.ok).toBe(true);
      await until(() => (store().items.length === 0 ? true : undefined), 'the list reset for the new workspace');
      await store().loadFirst();
      expect(names()).toEqual(['In the other account']);

      await late;
      expect(names()).toEqual(['In the other account']);
      expect(store().loading).toBe(false);
    } finally {
      await h.sandbox.admin('POST', '/_sandbox/faults', { latencyMs: 0 });
      await other.stop({ removeData: true });
    }
  });
});
