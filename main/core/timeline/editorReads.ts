// The editor's reads on the workspace's service: the catalog and a project's timeline,
// through the workspace key's one rate budget and the retry policy, like every other
// request. One HTTP client per workspace address; a new address (the local sandbox came
// back on another port) gets a new one.
import { AppFailure, appError } from '../../../shared/appError.ts';
import { CatalogSchema, TimelineSchema, type Catalog, type Timeline } from '../../../shared/timeline/timelineTypes.ts';
import { createApiCaller, type ApiCall } from '../api/apiCaller.ts';
import { createHttpClient, type Exchange, type HttpClient } from '../api/httpClient.ts';
import type { RateBudget } from '../rate/rateBudget.ts';

export interface EditorReadsOptions {
  readonly baseUrlOf: (workspaceId: string) => Promise<string>;
  readonly budgetFor: (workspaceId: string) => RateBudget;
  readonly apiKeyReader: (workspaceId: string) => () => Promise<string>;
  readonly onResponse?: (workspaceId: string) => (exchange: Exchange) => void;
}

export interface EditorReads {
  catalog(workspaceId: string): Promise<Catalog>;
  timeline(workspaceId: string, projectId: number): Promise<Timeline>;
  close(): Promise<void>;
}

interface Client {
  readonly baseUrl: string;
  readonly http: HttpClient;
  readonly call: ApiCall;
}

function checkedProjectId(projectId: number): number {
  if (!Number.isSafeInteger(projectId) || projectId < 1)
    throw new AppFailure(
      appError('request.invalid_id', `projectId must be a whole number of 1 or more, not ${projectId}.`),
    );
  return projectId;
}

export function createEditorReads(options: EditorReadsOptions): EditorReads {
  const clients = new Map<string, Client>();
  /** The catalog changes only with the service: read once per address. */
  const catalogs = new Map<string, Catalog>();

  async function clientFor(workspaceId: string): Promise<Client> {
    const baseUrl = await options.baseUrlOf(workspaceId);
    const known = clients.get(workspaceId);
    if (known?.baseUrl === baseUrl) return known;
    if (known) void known.http.close();
    const http = createHttpClient({
      baseUrl,
      getApiKey: options.apiKeyReader(workspaceId),
      onResponse: options.onResponse?.(workspaceId),
    });
    const client = { baseUrl, http, call: createApiCaller({ http, budget: options.budgetFor(workspaceId) }) };
    clients.set(workspaceId, client);
    return client;
  }

  return {
    async catalog(workspaceId) {
      const client = await clientFor(workspaceId);
      const cached = catalogs.get(client.baseUrl);
      if (cached) return cached;
      const { data } = await client.call({ method: 'GET', path: '/editor/catalog' }, CatalogSchema);
      catalogs.set(client.baseUrl, data);
      return data;
    },
    async timeline(workspaceId, projectId) {
      const client = await clientFor(workspaceId);
      const { data } = await client.call(
        { method: 'GET', path: `/projects/${checkedProjectId(projectId)}/editor/timeline` },
        TimelineSchema,
      );
      return data;
    },
    async close() {
      await Promise.all([...clients.values()].map((client) => client.http.close()));
      clients.clear();
    },
  };
}
