// Paid work and files: a generation or an export is journaled as an intent (with its
// idempotency key) before anything is sent, and the jobs service's outbox sends it; uploads
// go to the uploader, and a file that exists only in the page is streamed in first. Also
// the status bar's one request.
import type { ContractHandlers } from '../../../shared/ipc.ts';
import type { PendingCounts } from '../../../shared/ipcViews.ts';
import { summarizeIntent } from '../jobs/jobsContext.ts';
import { trackedJobView } from '../jobs/jobsOverview.ts';
import type { Journal } from '../journal/journal.ts';
import { appFailure } from '../errors/appErrors.ts';
import type { JobsCoordinator } from '../jobs/jobsCoordinator.ts';
import type { StreamedUploads } from '../uploads/streamedUploads.ts';
import type { UploadsCoordinator } from '../uploads/uploadsCoordinator.ts';
import type { WorkspaceHttp } from '../workspace/workspaceHttp.ts';
import type { WorkspaceRuntime } from '../workspace/workspaceRuntime.ts';

type SubmitAndUploadRequests =
  | 'generations.submit'
  | 'exports.submit'
  | 'jobs.list'
  | 'jobs.cancelIntent'
  | 'jobs.cancelJob'
  | 'assets.upload'
  | 'assets.streamBegin'
  | 'assets.streamChunk'
  | 'assets.streamEnd'
  | 'assets.streamAbort'
  | 'status.get';

export interface SubmitAndUploadDeps {
  readonly runtime: Pick<WorkspaceRuntime, 'activeId' | 'view' | 'connection' | 'walletUsd'>;
  readonly http: Pick<WorkspaceHttp, 'budgetFor'>;
  readonly journal: Pick<Journal, 'intents' | 'jobs'>;
  readonly jobs: Pick<JobsCoordinator, 'submit' | 'cancel' | 'cancelJob'>;
  readonly uploads: Pick<UploadsCoordinator, 'start'>;
  readonly streams: StreamedUploads;
  readonly pendingCounts: (workspaceId: string) => PendingCounts;
}

export function submitAndUploadHandlers(deps: SubmitAndUploadDeps): Pick<ContractHandlers, SubmitAndUploadRequests> {
  const { runtime, journal, streams, jobs, uploads } = deps;
  return {
    'generations.submit': ({ input }) => jobs.submit(runtime.activeId(), 'generation', input),
    'exports.submit': ({ input }) => jobs.submit(runtime.activeId(), 'export', input),

    async 'jobs.list'() {
      const workspaceId = runtime.activeId();
      return {
        intents: journal.intents.listOpen(workspaceId).map(summarizeIntent),
        jobs: journal.jobs.listToPoll(workspaceId).map(trackedJobView),
      };
    },

    async 'jobs.cancelIntent'({ intentId }) {
      // Only the active workspace's work: another workspace's is not the page's to touch.
      if (journal.intents.get(intentId)?.workspaceId !== runtime.activeId())
        throw appFailure('intent.not_found', `No job request of this workspace has the id "${intentId}".`);
      return { cancelled: jobs.cancel(intentId) };
    },

    async 'jobs.cancelJob'({ kind, jobId }) {
      return { cancelled: await jobs.cancelJob(runtime.activeId(), kind, jobId) };
    },

    'assets.upload': (request) => uploads.start(runtime.activeId(), request),

    'assets.streamBegin': (begin) => streams.begin(runtime.activeId(), begin),
    'assets.streamChunk': ({ streamId, offset, data }) => streams.chunk(streamId, offset, data),
    'assets.streamEnd': ({ streamId }) => streams.end(streamId),
    'assets.streamAbort': ({ streamId }) => streams.abort(streamId),

    async 'status.get'() {
      const workspaceId = runtime.activeId();
      return {
        workspace: await runtime.view(workspaceId),
        connection: runtime.connection(),
        budget: deps.http.budgetFor(workspaceId).snapshot(),
        walletUsd: runtime.walletUsd(workspaceId),
        pending: deps.pendingCounts(workspaceId),
      };
    },
  };
}
