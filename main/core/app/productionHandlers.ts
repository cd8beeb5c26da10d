// The production requests around the timeline (shared/ipc/production.ts). Transcriptions,
// speech edits, reviews, finishes and batches are jobs: each is journaled as an intent with
// its own idempotency key and sent by the jobs service's outbox (offline, it waits), then
// followed by job.updated. Reads and the non-job writes (template versions, variants) go
// through production/productionClient.ts on the workspace key's budget; each try of one user
// action (the page's actionId) is sent with one idempotency key, made and kept here. A caption file is
// saved where the user chooses in the desktop app; browser mode hands the page its text.
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import type { ContractHandlers } from '../../../shared/ipc.ts';
import {
  BatchSchema,
  FinishSchema,
  PreparedVariantsSchema,
  ReviewSchema,
  SpeechEditSchema,
  TemplateSchema,
  TemplateSummarySchema,
  TemplateVersionSchema,
  TranscriptionSchema,
  VariantCheckSchema,
} from '../../../shared/production/productionTypes.ts';
import type { ChooseSavePath } from '../media/mediaServices.ts';
import type { ActionKeys } from '../production/actionKeys.ts';
import type { ProductionClient } from '../production/productionClient.ts';
import { appFailure } from '../errors/appErrors.ts';
import type { JobsCoordinator } from '../jobs/jobsCoordinator.ts';
import type { WorkspaceRuntime } from '../workspace/workspaceRuntime.ts';

type ProductionRequests =
  | 'transcriptions.submit'
  | 'transcriptions.list'
  | 'transcriptions.get'
  | 'transcriptions.captionFile'
  | 'speech.submit'
  | 'speech.list'
  | 'speech.get'
  | 'reviews.submit'
  | 'reviews.list'
  | 'reviews.get'
  | 'finishes.submit'
  | 'finishes.list'
  | 'finishes.get'
  | 'templates.list'
  | 'templates.get'
  | 'templates.publish'
  | 'templates.variants'
  | 'batches.submit'
  | 'batches.get';

export interface ProductionDeps {
  readonly mode: 'electron' | 'browser';
  readonly runtime: Pick<WorkspaceRuntime, 'activeId' | 'call'>;
  readonly jobs: Pick<JobsCoordinator, 'submit'>;
  readonly client: ProductionClient;
  readonly actionKeys: ActionKeys;
  /** The desktop app's save dialog; without it (browser mode) the page saves the caption text itself. */
  readonly chooseSavePath?: ChooseSavePath;
}

/** Only the fields given: an absent option is the service's default, not `undefined` on the wire. */
function defined<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export function productionHandlers(deps: ProductionDeps): Pick<ContractHandlers, ProductionRequests> {
  const { runtime, client } = deps;
  /** A read on the active workspace, keeping the connection state honest. */
  const read = <T>(work: (workspaceId: string) => Promise<T>) =>
    runtime.call((_client, workspaceId) => work(workspaceId));
  const submit = deps.jobs.submit.bind(deps.jobs);
  const keyFor = (workspaceId: string, actionId: string) => deps.actionKeys.keyFor(workspaceId, actionId);

  return {
    'transcriptions.submit': ({ assetId, language }) =>
      submit(runtime.activeId(), 'transcription', { assetId, input: defined({ language }) }),
    'transcriptions.list': ({ assetId, limit, after }) =>
      read((ws) => client.page(ws, `/assets/${assetId}/transcriptions`, TranscriptionSchema, { limit, after })),
    'transcriptions.get': ({ id }) => read((ws) => client.get(ws, `/transcriptions/${id}`, TranscriptionSchema)),

    async 'transcriptions.captionFile'({ transcriptionId, format }) {
      const file = await read((ws) => client.text(ws, `/transcriptions/${transcriptionId}/captions.${format}`));
      const filename = `transcription-${transcriptionId}.${format}`;
      if (deps.chooseSavePath) {
        const path = await deps.chooseSavePath(filename);
        if (path === null) return { outcome: 'cancelled' };
        await writeFile(path, file.text, 'utf8');
        return { outcome: 'saved', path, bytes: Buffer.byteLength(file.text) };
      }
      if (deps.mode === 'electron')
        throw appFailure('feature.unavailable', 'This build of Clipdesk cannot ask where to save a file.');
      return { outcome: 'file', filename, contentType: file.contentType, text: file.text };
    },

    'speech.submit': ({ transcriptionId, task, modelId }) =>
      submit(runtime.activeId(), 'speech-edit', { input: { transcriptionId, task, modelId } }),
    'speech.list': ({ transcriptionId, limit, after }) =>
      read((ws) => client.page(ws, '/speech-edits', SpeechEditSchema, { transcriptionId, limit, after })),
    'speech.get': ({ id }) => read((ws) => client.get(ws, `/speech-edits/${id}`, SpeechEditSchema)),

    'reviews.submit': ({ assetId, aspects }) =>
      submit(runtime.activeId(), 'review', { assetId, input: defined({ aspects }) }),
    'reviews.list': ({ assetId, limit, after }) =>
      read((ws) => client.page(ws, `/assets/${assetId}/reviews`, ReviewSchema, { limit, after })),
    'reviews.get': ({ id }) => read((ws) => client.get(ws, `/reviews/${id}`, ReviewSchema)),

    'finishes.submit': ({ assetId, targetLufs, truePeakDb }) =>
      submit(runtime.activeId(), 'finish', { assetId, input: defined({ targetLufs, truePeakDb }) }),
    'finishes.list': ({ assetId, limit, after }) =>
      read((ws) => client.page(ws, `/assets/${assetId}/finishes`, FinishSchema, { limit, after })),
    'finishes.get': ({ id }) => read((ws) => client.get(ws, `/finishes/${id}`, FinishSchema)),

    'templates.list': ({ limit, after }) =>
      read((ws) => client.page(ws, '/templates', TemplateSummarySchema, { limit, after })),
    'templates.get': ({ templateId }) => read((ws) => client.get(ws, `/templates/${templateId}`, TemplateSchema)),
    'templates.publish': ({ actionId, ...body }) =>
      read((ws) => client.create(ws, '/templates', defined(body), TemplateVersionSchema, keyFor(ws, actionId))),

    async 'templates.variants'({ templateId, version, variants, dryRun, actionId }) {
      const body = defined({ version, variants, dryRun });
      const path = `/templates/${templateId}/variants`;
      if (dryRun) {
        // Nothing is made or remembered under a dry run's key: any fresh one does.
        const check = await read((ws) => client.create(ws, path, body, VariantCheckSchema, randomUUID()));
        return { outcome: 'checked', ...check };
      }
      const prepared = await read((ws) => client.create(ws, path, body, PreparedVariantsSchema, keyFor(ws, actionId!)));
      return { outcome: 'prepared', ...prepared };
    },

    'batches.submit': ({ projectId, projectIds }) =>
      submit(runtime.activeId(), 'batch', { projectId, input: { projectIds, output: { kind: 'render' } } }),
    'batches.get': ({ id }) => read((ws) => client.get(ws, `/batches/${id}`, BatchSchema)),
  };
}
