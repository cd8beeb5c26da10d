// The Timeline screen found as a screen reader would, and the sandbox's own API beside it
// (with the local workspace's key) for setting up media and checking what the service holds.
import { expect, type Page } from '@playwright/test';
import { mediaForm } from '../../support/mediaFixtures.ts';
import type { BrowserApp } from '../fixtures.ts';

export interface ServiceClip {
  id: string;
  kind: string;
  assetId?: number;
  startMs: number;
  endMs: number;
  inMs?: number;
  outMs?: number;
  text?: string;
}

export interface ServiceTimeline {
  revision: string;
  durationMs: number;
  tracks: { id: string; kind: string; name: string; clips: ServiceClip[] }[];
}

/** The sandbox behind the app, through its HTTP API and the workspace's own key. */
export async function serviceApi(app: BrowserApp) {
  const secrets = await app.localSecrets();
  const base = app.localCreateBaseUrl();
  const headers = { authorization: `Bearer ${secrets!.createApiKey}` };
  async function call(method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...headers,
        ...extra,
        ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { data?: any; error?: any };
    return { status: res.status, data: json.data, error: json.error };
  }
  return {
    async createProject(name: string): Promise<number> {
      const res = await call('POST', '/projects', { name, aspectRatio: '16:9' });
      expect(res.status).toBe(201);
      return res.data.id as number;
    },
    async upload(
      path: string,
      projectId: number,
    ): Promise<{ id: number; filename: string; durationMs: number | null }> {
      const res = await call('POST', '/assets', mediaForm(path, { projectId }));
      expect(res.status, JSON.stringify(res.error)).toBe(201);
      return res.data;
    },
    async timeline(projectId: number): Promise<ServiceTimeline> {
      const res = await call('GET', `/projects/${projectId}/editor/timeline`);
      expect(res.status).toBe(200);
      return res.data;
    },
    /** The timeline as it was at a revision (GET …/editor/revisions/{revision}). */
    async revision(projectId: number, revision: string): Promise<ServiceTimeline> {
      const res = await call('GET', `/projects/${projectId}/editor/revisions/${revision}`);
      expect(res.status, JSON.stringify(res.error)).toBe(200);
      return res.data;
    },
    /** The project's editor renders, newest first. */
    async renders(projectId: number): Promise<unknown[]> {
      const res = await call('GET', `/projects/${projectId}/editor/renders`);
      expect(res.status).toBe(200);
      return res.data as unknown[];
    },
    /** Renders the whole timeline (1080p, 30 fps unless `output` says) and answers the file's bytes. */
    async renderWhole(projectId: number, output: Record<string, unknown> = {}): Promise<Buffer> {
      const started = await call(
        'POST',
        `/projects/${projectId}/editor/render`,
        { output },
        { 'idempotency-key': crypto.randomUUID() },
      );
      expect(started.status, JSON.stringify(started.error)).toBe(202);
      let render = started.data;
      for (let i = 0; i < 600 && !['completed', 'failed', 'cancelled'].includes(render.state); i++) {
        await new Promise((r) => setTimeout(r, 500));
        render = (await call('GET', `/projects/${projectId}/editor/renders/${render.id}`)).data;
      }
      expect(render.state, JSON.stringify(render.error)).toBe('completed');
      const content = await fetch(`${base}/assets/${render.assetId}/content`, { headers });
      expect(content.status).toBe(200);
      return Buffer.from(await content.arrayBuffer());
    },
    /** Applies commands behind the app's back (as another editor would). */
    async apply(projectId: number, revision: string, commands: unknown[]): Promise<ServiceTimeline> {
      const res = await call(
        'POST',
        `/projects/${projectId}/editor/commands`,
        { revision, commands },
        // The whole new timeline in the answer (by default it says only what changed).
        { 'idempotency-key': crypto.randomUUID(), prefer: 'return=representation' },
      );
      expect(res.status, JSON.stringify(res.error)).toBe(200);
      return res.data.timeline;
    },
  };
}

export function trackOf(
  timeline: ServiceTimeline,
  kind: 'video' | 'audio' | 'caption',
): ServiceTimeline['tracks'][number] {
  return timeline.tracks.find((t) => t.kind === kind)!;
}

export function timelinePage(page: Page) {
  const status = page.getByRole('status', { name: 'Edit status' });
  return {
    status,
    heading: page.getByRole('heading', { level: 1, name: 'Timeline', exact: true }),
    async open(projectName: string) {
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: 'Timeline', exact: true })
        .click();
      await page.getByLabel('Project', { exact: true }).selectOption({ label: projectName });
      await expect(page.getByRole('toolbar', { name: 'Timeline tools' })).toBeVisible({ timeout: 30_000 });
    },
    addMedia: (name: string) => page.getByRole('button', { name: `Add ${name} to timeline` }).click(),
    binItem: (name: string) =>
      page.getByRole('list', { name: 'Project media' }).getByRole('listitem').filter({ hasText: name }),
    lane: (trackName: string) => page.getByRole('group', { name: `${trackName} track` }),
    /** Clips are buttons named "<file>, <start> to <end>". */
    clips: (trackName: string) => page.getByRole('group', { name: `${trackName} track` }).getByRole('button'),
    clip: (trackName: string, nameStart: string) =>
      page
        .getByRole('group', { name: `${trackName} track` })
        .getByRole('button', { name: new RegExp(`^${nameStart}`) }),
    async setPlayhead(seconds: number) {
      const field = page.getByLabel('Playhead time');
      await field.fill(String(seconds));
      await field.press('Enter');
      await expect(page.getByRole('slider', { name: 'Playhead' })).toHaveAttribute(
        'aria-valuenow',
        String(Math.round(seconds * 1000)),
      );
    },
    /** Sends keys to the timeline (the ruler has focus; shortcuts work from anywhere in the screen). */
    async press(keys: string) {
      await page.getByRole('slider', { name: 'Playhead' }).focus();
      await page.keyboard.press(keys);
    },
    async saved() {
      await expect(status).toHaveText(/^All edits saved/, { timeout: 20_000 });
    },
    review: page.getByRole('alertdialog', {
      name: /Your edit met a newer timeline|The service refused your edit|Your edit was cancelled/,
    }),
  };
}
