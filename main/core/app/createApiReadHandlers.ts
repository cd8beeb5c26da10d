// The Create API reads and the cheap writes (create, rename and reshape a project) of the active
// workspace, through its client (its key's rate budget, the retry policy). A rename that
// lost a race answers revision.conflict with the project as it is now in details.current,
// so the screen can show both names and let the user choose.
import { AppFailure, toAppError } from '../../../shared/appError.ts';
import { ProjectSchema } from '../../../shared/api/createTypes.ts';
import type { ContractHandlers } from '../../../shared/ipc.ts';
import type { CreateApiClient } from '../api/createApiClient.ts';
import { accountView } from '../workspace/workspaceViews.ts';
import type { WorkspaceRuntime } from '../workspace/workspaceRuntime.ts';

type CreateApiReadRequests =
  | 'account.me'
  | 'projects.list'
  | 'projects.create'
  | 'projects.get'
  | 'projects.rename'
  | 'projects.reshape'
  | 'models.list'
  | 'assets.list'
  | 'assets.get'
  | 'generations.list'
  | 'generations.get'
  | 'exports.list'
  | 'exports.get';

/** Makes sure a revision conflict carries the current project (a service may send only its revision). */
async function withCurrentProject(err: unknown, client: CreateApiClient, id: number): Promise<never> {
  if (!(err instanceof AppFailure) || err.code !== 'revision.conflict') throw err;
  if (ProjectSchema.safeParse(err.details?.current).success) throw err;
  const current = await client.projects.get(id).then(
    (read) => read.data,
    () => null,
  );
  if (current === null) throw err;
  const error = toAppError(err);
  throw new AppFailure(
    { ...error, details: { ...error.details, currentRevision: current.updatedAt, current } },
    { cause: err },
  );
}

export interface CreateApiReadDeps {
  readonly runtime: Pick<WorkspaceRuntime, 'call' | 'setWallet'>;
}

export function createApiReadHandlers({ runtime }: CreateApiReadDeps): Pick<ContractHandlers, CreateApiReadRequests> {
  return {
    'account.me': () =>
      runtime.call(async (client, workspaceId) => {
        const view = accountView((await client.me()).data);
        runtime.setWallet(workspaceId, view.walletUsd);
        return view;
      }),

    'projects.list': (query) => runtime.call((client) => client.projects.list(query)),
    'projects.create': (input) => runtime.call(async (client) => (await client.projects.create(input)).data),
    'projects.get': ({ id }) => runtime.call(async (client) => (await client.projects.get(id)).data),
    'projects.rename': ({ id, name, revision }) =>
      runtime.call(async (client) => {
        try {
          return (await client.projects.rename(id, { name, revision })).data;
        } catch (err) {
          return withCurrentProject(err, client, id);
        }
      }),

    'projects.reshape': ({ id, aspectRatio, revision }) =>
      runtime.call(async (client) => {
        try {
          return (await client.projects.reshape(id, { aspectRatio, revision })).data;
        } catch (err) {
          return withCurrentProject(err, client, id);
        }
      }),

    'models.list': ({ kind }) =>
      runtime.call(async (client) => (await client.models.list(kind === undefined ? {} : { kind })).items),

    'assets.list': (query) => runtime.call((client) => client.assets.list(query)),
    'assets.get': ({ id }) => runtime.call(async (client) => (await client.assets.get(id)).data),

    'generations.list': (query) => runtime.call((client) => client.generations.list(query)),
    'generations.get': ({ id }) => runtime.call(async (client) => (await client.generations.get(id)).data),

    'exports.list': (query) => runtime.call((client) => client.exports.list(query)),
    'exports.get': ({ id }) => runtime.call(async (client) => (await client.exports.get(id)).data),
  };
}
