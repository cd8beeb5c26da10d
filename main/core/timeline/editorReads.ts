// The editor's reads on the workspace's service: the catalog and a project's timeline,
// through the workspace's shared client (its key's one rate budget and the retry policy),
// like every other request. The catalog changes only with the service: read once per address.
import { AppFailure, appError } from '../../../shared/appError.ts';
import { CatalogSchema, TimelineSchema, type Catalog, type Timeline } from '../../../shared/timeline/timelineTypes.ts';
import type { CreateApiClient } from '../api/createApiClient.ts';

export interface EditorReadsOptions {
  /** The workspace's shared client (workspaceHttp.ts). */
  readonly clientFor: (workspaceId: string) => Promise<Pick<CreateApiClient, 'baseUrl' | 'call'>>;
}

export interface EditorReads {
  catalog(workspaceId: string): Promise<Catalog>;
  timeline(workspaceId: string, projectId: number): Promise<Timeline>;
}

function checkedProjectId(projectId: number): number {
  if (!Number.isSafeInteger(projectId) || projectId < 1)
    throw new AppFailure(
      appError('request.invalid_id', `projectId must be a whole number of 1 or more, not ${projectId}.`),
    );
  return projectId;
}

export function createEditorReads(options: EditorReadsOptions): EditorReads {
  const catalogs = new Map<string, Catalog>();

  return {
    async catalog(workspaceId) {
      const client = await options.clientFor(workspaceId);
      const cached = catalogs.get(client.baseUrl);
      if (cached) return cached;
      const { data } = await client.call({ method: 'GET', path: '/editor/catalog' }, CatalogSchema);
      catalogs.set(client.baseUrl, data);
      return data;
    },
    async timeline(workspaceId, projectId) {
      const client = await options.clientFor(workspaceId);
      const { data } = await client.call(
        { method: 'GET', path: `/projects/${checkedProjectId(projectId)}/editor/timeline` },
        TimelineSchema,
      );
      return data;
    },
  };
}
