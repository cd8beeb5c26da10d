// The media the timeline draws and plays: the project's assets (names, kinds, lengths, for
// clips and the media bin), the strips along clips (frames and waveform peaks made once per
// asset in main, asked for only when a clip of the asset is on screen), and renders: a
// preview range or the whole timeline rendered as a job (followed in Jobs too), then read
// into a Blob the player plays.
import { create } from 'zustand';
import type { AppError } from '../../shared/appError.ts';
import type { Asset, Page } from '../../shared/api/createTypes.ts';
import type { Attachment } from '../../shared/api/mediaLibrary.ts';
import type { ClipStrip } from '../../shared/timeline/timelineViews.ts';
import { invoke } from '../client/clipdesk.ts';
import { showError } from './toastStore.ts';
import { hear } from '../client/mainEvents.ts';

export type StripState = ClipStrip | 'loading' | 'failed';

export interface RenderItem {
  readonly intentId: string;
  readonly kind: 'preview' | 'full';
  readonly range: { startMs: number; endMs: number } | null;
  /** The intent's or the job's state: pending, sent, queued, running, completed, failed… */
  state: string;
  progress: number | null;
  assetId: number | null;
  error: AppError | null;
  /** An object URL of the video, once read. */
  url: string | null;
  loading: boolean;
}

interface TimelineMediaState {
  projectId: number | null;
  assets: ReadonlyMap<number, Asset>;
  assetsLoading: boolean;
  strips: ReadonlyMap<number, StripState>;
  renders: RenderItem[];
  loadAssets(projectId: number): Promise<void>;
  /** An asset made meanwhile (an upload finished): known at once when it is this project's. */
  learn(asset: Asset): void;
  requestStrip(assetId: number): void;
  render(
    projectId: number,
    kind: RenderItem['kind'],
    range: RenderItem['range'],
    revision: string | undefined,
  ): Promise<void>;
  onJob(update: {
    intentId: string | null;
    kind: string;
    state: string;
    progress: number | null;
    assetId: number | null;
    error: { code: string; message: string } | null;
  }): void;
  onIntent(intent: { id: string; state: string; lastError: AppError | null }): void;
  play(intentId: string): Promise<void>;
  reset(): void;
}

const STRIPS_AT_ONCE = 2;
const waiting: number[] = [];
let working = 0;

async function readAll(assetId: number): Promise<Blob> {
  const parts: BlobPart[] = [];
  let offset = 0;
  for (;;) {
    const chunk = await invoke('timeline.mediaChunk', { assetId, offset });
    const bytes = Uint8Array.from(atob(chunk.data), (c) => c.charCodeAt(0));
    parts.push(bytes);
    offset += bytes.length;
    if (chunk.done || bytes.length === 0) return new Blob(parts, { type: chunk.contentType });
  }
}

/** Adds the brand assets attached to the project to `assets`. */
async function readAttachments(projectId: number, assets: Map<number, Asset>): Promise<void> {
  let after: string | undefined;
  for (let page = 0; page < 20; page++) {
    const attachments: Page<Attachment> = await invoke('media.attachments', {
      projectId,
      limit: 100,
      ...(after && { after }),
    });
    for (const attached of attachments.items) assets.set(attached.asset.id, attached.asset);
    if (!attachments.nextCursor) break;
    after = attachments.nextCursor;
  }
}

export const useTimelineMedia = create<TimelineMediaState>()((set, get) => {
  const patchRender = (intentId: string, patch: Partial<RenderItem>) =>
    set((s) => ({ renders: s.renders.map((r) => (r.intentId === intentId ? { ...r, ...patch } : r)) }));

  function pump(): void {
    while (working < STRIPS_AT_ONCE && waiting.length > 0) {
      const assetId = waiting.shift()!;
      working++;
      invoke('timeline.strip', { assetId })
        .then((strip) => set((s) => ({ strips: new Map(s.strips).set(assetId, strip) })))
        .catch(() => set((s) => ({ strips: new Map(s.strips).set(assetId, 'failed') })))
        .finally(() => {
          working--;
          pump();
        });
    }
  }

  return {
    projectId: null,
    assets: new Map(),
    assetsLoading: false,
    strips: new Map(),
    renders: [],

    async loadAssets(projectId) {
      set({ projectId, assetsLoading: true });
      try {
        const assets = new Map<number, Asset>();
        let after: string | undefined;
        // A project's media: every page (the bin lists them all; clips need their names and lengths).
        for (let page = 0; page < 20; page++) {
          const result = await invoke('assets.list', { projectId, limit: 100, ...(after && { after }) });
          for (const asset of result.items) assets.set(asset.id, asset);
          if (!result.nextCursor) break;
          after = result.nextCursor;
        }
        // Brand assets attached to the project are its media too (a clip pasted from another
        // project brings its media this way): named and drawn like the project's own. A project without the brand library (or a service that lists no attachments) still
        // opens with its own media.
        await readAttachments(projectId, assets).catch(() => undefined);
        if (get().projectId === projectId) set({ assets });
      } catch (err) {
        showError('Reading the project’s media', err);
      } finally {
        set({ assetsLoading: false });
      }
    },

    learn(asset) {
      if (asset.projectId === get().projectId) set((s) => ({ assets: new Map(s.assets).set(asset.id, asset) }));
    },

    requestStrip(assetId) {
      if (get().strips.has(assetId)) return;
      set((s) => ({ strips: new Map(s.strips).set(assetId, 'loading') }));
      waiting.push(assetId);
      pump();
    },

    async render(projectId, kind, range, revision) {
      try {
        const intent = await invoke('timeline.render', {
          projectId,
          ...(range && { range }),
          ...(revision && { revision }),
        });
        const item: RenderItem = {
          intentId: intent.id,
          kind,
          range,
          state: intent.state,
          progress: null,
          assetId: null,
          error: intent.lastError,
          url: null,
          loading: false,
        };
        set((s) => ({ renders: [item, ...s.renders.filter((r) => r.intentId !== intent.id)].slice(0, 10) }));
      } catch (err) {
        showError(kind === 'preview' ? 'Rendering the preview' : 'Rendering the timeline', err);
      }
    },

    onJob(update) {
      if (update.kind !== 'render' || !update.intentId) return;
      const item = get().renders.find((r) => r.intentId === update.intentId);
      if (!item) return;
      patchRender(item.intentId, {
        state: update.state,
        progress: update.progress,
        assetId: update.assetId,
        error: update.error
          ? {
              code: update.error.code,
              message: update.error.message,
              status: null,
              requestId: null,
              retryAfterMs: null,
            }
          : null,
      });
      if (update.state === 'completed' && update.assetId !== null && item.kind === 'preview')
        void get().play(item.intentId);
    },

    onIntent(intent) {
      if (!get().renders.some((r) => r.intentId === intent.id)) return;
      if (intent.state === 'failed' || intent.state === 'cancelled')
        patchRender(intent.id, { state: intent.state, error: intent.lastError });
      else if (intent.state === 'pending' || intent.state === 'sent') patchRender(intent.id, { state: intent.state });
    },

    async play(intentId) {
      const item = get().renders.find((r) => r.intentId === intentId);
      if (!item || item.assetId === null || item.url || item.loading) return;
      patchRender(intentId, { loading: true });
      try {
        const blob = await readAll(item.assetId);
        patchRender(intentId, { url: URL.createObjectURL(blob) });
      } catch (err) {
        showError('Loading the render to play it', err);
      } finally {
        patchRender(intentId, { loading: false });
      }
    },

    reset() {
      for (const render of get().renders) if (render.url) URL.revokeObjectURL(render.url);
      waiting.length = 0;
      set({ projectId: null, assets: new Map(), strips: new Map(), renders: [] });
    },
  };
});

// The project's media and the renders asked for: an upload finished, a render's job and intent.
hear('upload.finished', ({ asset }) => useTimelineMedia.getState().learn(asset));
hear('job.updated', (job) => useTimelineMedia.getState().onJob(job));
hear('intent.updated', ({ intent }) => useTimelineMedia.getState().onIntent(intent));
