// Reading many jobs of one kind with a list call (DESIGN rule 4). A full read pages through
// the list, newest first, until it has seen every job it wants. Once a full read has shown
// the latest `updatedAt` on the list, the next reads ask only for what changed since
// (`updatedSince`, which the local service documents in /openapi.json): one request
// however many jobs are followed. A service that does not honour it shows jobs older than
// asked, and is then read in full again.
import { z } from 'zod';
import { CREATE_LIMITS } from '../../../shared/limits.ts';
import type { JobKindSpec, ListLocation } from './jobKinds.ts';
import type { JobsTransport } from './jobsTransport.ts';
import { readJob, type JobSnapshot } from './jobSnapshot.ts';

/** A list call is followed over at most this many pages in one read. */
export const MAX_LIST_PAGES = 10;
const PAGE_SIZE = CREATE_LIMITS.pageSize.max;

export interface ListReadRequest {
  readonly transport: JobsTransport;
  readonly spec: JobKindSpec;
  readonly location: ListLocation;
  /** Read only the jobs changed at or after this `updatedAt` (ISO), or everything when null. */
  readonly updatedSince: string | null;
  /** The IDs the read is for: a full read stops once it has seen them (or is past the oldest). */
  readonly wanted: ReadonlySet<string>;
  readonly signal: AbortSignal;
}

export interface ListReadResult {
  readonly snapshots: JobSnapshot[];
  /**
   * What to ask `updatedSince` next time: the latest `updatedAt` of the read's first page
   * (every later change is stamped after it), or null when the list shows no `updatedAt`.
   * A delta read that stopped before its last page keeps the one it was given.
   */
  readonly watermark: string | null;
  /** False when the service answered a delta read with jobs older than asked (it ignores updatedSince). */
  readonly honoured: boolean;
}

const timeOf = (item: unknown): number => {
  const value = (item as { updatedAt?: unknown } | null)?.updatedAt;
  return typeof value === 'string' ? Date.parse(value) : NaN;
};

export async function readList(request: ListReadRequest): Promise<ListReadResult> {
  const { transport, spec, location, updatedSince, signal } = request;
  const wanted = new Set(request.wanted);
  const snapshots: JobSnapshot[] = [];
  const since = updatedSince === null ? NaN : Date.parse(updatedSince);
  const maxPages =
    updatedSince === null ? Math.min(MAX_LIST_PAGES, Math.ceil(wanted.size / PAGE_SIZE) + 1) : MAX_LIST_PAGES;
  let watermark: number | null = null;
  let dated = true;
  let honoured = true;
  let after: string | undefined;
  let finished = false;
  for (let page = 1; ; page++) {
    const query = { ...location.query, limit: PAGE_SIZE, after, ...(updatedSince !== null && { updatedSince }) };
    const { data, pagination } = await transport.call(
      { method: 'GET', path: location.path, query },
      z.array(z.unknown()),
      { priority: 'background', signal },
    );
    let lowest = Infinity;
    for (const item of data) {
      const snapshot = readJob(spec, item);
      if (!snapshot) continue;
      const at = timeOf(item);
      if (Number.isNaN(at)) dated = false;
      else if (at < since) honoured = false;
      if (page === 1 && !Number.isNaN(at)) watermark = Math.max(watermark ?? at, at);
      lowest = Math.min(lowest, Number(snapshot.id));
      wanted.delete(snapshot.id);
      snapshots.push(snapshot);
    }
    after = pagination?.nextCursor ?? undefined;
    if (after === undefined) finished = true;
    if (finished || page >= maxPages || !honoured) break;
    if (updatedSince === null) {
      if (wanted.size === 0) break;
      // Lists are newest first: past the oldest job still wanted, later pages cannot hold it.
      const oldestWanted = Math.min(...[...wanted].map(Number));
      if (Number.isFinite(oldestWanted) && lowest < oldestWanted) break;
    }
  }
  const next = !dated ? null : updatedSince !== null && !finished ? updatedSince : watermarkText(watermark, since);
  return { snapshots, watermark: next, honoured: honoured && dated };
}

/** The later of the first page's latest time and the one asked (an empty page keeps it). */
function watermarkText(latest: number | null, since: number): string | null {
  const at = Math.max(latest ?? -Infinity, Number.isNaN(since) ? -Infinity : since);
  return Number.isFinite(at) ? new Date(at).toISOString() : null;
}
