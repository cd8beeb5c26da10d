// Helpers for the editor tests: a project with real uploaded media, and the timeline calls
// a client makes (read, apply commands with a fresh or given Idempotency-Key).
import { randomUUID } from 'node:crypto';
import { mediaForm } from './mediaFixtures.ts';
import type { ApiCall } from './sandboxProcess.ts';

export function editorClient(call: ApiCall) {
  return {
    async createProject(name = 'Editor test'): Promise<number> {
      const res = await call('POST', '/projects', { body: { name } });
      if (res.status !== 201) throw new Error(`project: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.id as number;
    },
    async upload(path: string, projectId: number): Promise<{ id: number; durationMs: number | null; kind: string }> {
      const res = await call('POST', '/assets', { form: mediaForm(path, { projectId }) });
      if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data;
    },
    async timeline(projectId: number): Promise<any> {
      const res = await call('GET', `/projects/${projectId}/editor/timeline`);
      if (res.status !== 200) throw new Error(`timeline: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data;
    },
    /** Sends a command list; `whole` asks for the whole new timeline in the answer (Prefer: return=representation). */
    commands(projectId: number, revision: string, commands: unknown[], key: string = randomUUID(), whole = true) {
      return call('POST', `/projects/${projectId}/editor/commands`, {
        headers: { 'idempotency-key': key, ...(whole && { prefer: 'return=representation' }) },
        body: { revision, commands },
      });
    },
    /** Applies commands that must succeed; returns the new revision and timeline. */
    async apply(
      projectId: number,
      revision: string,
      commands: unknown[],
    ): Promise<{ revision: string; timeline: any }> {
      const res = await this.commands(projectId, revision, commands);
      if (res.status !== 200) throw new Error(`commands: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data;
    },
  };
}

/** The track of a kind (the first one unless `nth`). */
export function trackOf(timeline: any, kind: 'video' | 'audio' | 'caption', nth = 0): any {
  return timeline.tracks.filter((t: any) => t.kind === kind)[nth];
}

/** The clips of a track as [id, startMs, endMs, inMs, outMs], for compact assertions. */
export function spans(track: any): [string, number, number, number | undefined, number | undefined][] {
  return track.clips.map((c: any) => [c.id, c.startMs, c.endMs, c.inMs, c.outMs]);
}
