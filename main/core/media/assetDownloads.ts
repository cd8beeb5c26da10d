// Downloading an asset without the key ever leaving main. The desktop app streams the bytes
// (GET /assets/{id}/content through the workspace's client) to the path the user chose,
// whole or not at all. Browser mode cannot be handed a path, so main issues a ticket: a
// random, single-use name valid for a minute, which browser mode's own server (loopback,
// Host-checked) redeems by streaming the same bytes to the page as a file download.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { HttpDownload } from '../api/httpClient.ts';

export const TICKET_TTL_MS = 60_000;
/** Browser mode serves ticket downloads under this path. */
export const DOWNLOAD_PATH_PREFIX = '/downloads/';
const TICKET = /^[A-Za-z0-9_-]{43}$/;

export interface AssetDownloadsOptions {
  /** GET /assets/{id}/content on the workspace's service. */
  readonly openContent: (workspaceId: string, assetId: number, signal?: AbortSignal) => Promise<HttpDownload>;
  readonly ticketTtlMs?: number;
  readonly now?: () => number;
}

export interface OpenedDownload {
  readonly filename: string;
  readonly contentType: string;
  readonly contentLength: number | null;
  readonly body: Readable;
}

export interface AssetDownloads {
  /** Streams the asset to `path` (through a partial file, renamed when complete). */
  saveTo(workspaceId: string, assetId: number, path: string): Promise<{ bytes: number }>;
  /** A single-use ticket for browser mode; its URL is DOWNLOAD_PATH_PREFIX + ticket. */
  issue(workspaceId: string, assetId: number, filename: string): string;
  /** The bytes behind a ticket, once; null for a ticket that is unknown, used or expired. */
  redeem(ticket: string): Promise<OpenedDownload | null>;
}

interface Ticket {
  readonly workspaceId: string;
  readonly assetId: number;
  readonly filename: string;
  readonly expiresAt: number;
}

export function createAssetDownloads(options: AssetDownloadsOptions): AssetDownloads {
  const ttl = options.ticketTtlMs ?? TICKET_TTL_MS;
  const now = options.now ?? Date.now;
  const tickets = new Map<string, Ticket>();

  function prune(): void {
    const at = now();
    for (const [name, ticket] of tickets) if (ticket.expiresAt <= at) tickets.delete(name);
  }

  return {
    async saveTo(workspaceId, assetId, path) {
      const download = await options.openContent(workspaceId, assetId);
      const part = `${path}.clipdesk-part`;
      let bytes = 0;
      download.body.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      try {
        await pipeline(download.body, createWriteStream(part, { mode: 0o644 }));
        await rename(part, path);
      } catch (err) {
        await rm(part, { force: true });
        throw err;
      }
      return { bytes };
    },

    issue(workspaceId, assetId, filename) {
      prune();
      const name = randomBytes(32).toString('base64url');
      tickets.set(name, { workspaceId, assetId, filename, expiresAt: now() + ttl });
      return name;
    },

    async redeem(name) {
      prune();
      if (!TICKET.test(name)) return null;
      const ticket = tickets.get(name);
      if (!ticket) return null;
      // Single use: a second fetch of the same URL (a reload, a leaked log line) gets nothing.
      tickets.delete(name);
      const download = await options.openContent(ticket.workspaceId, ticket.assetId);
      return {
        filename: ticket.filename,
        contentType: download.contentType ?? 'application/octet-stream',
        contentLength: download.contentLength,
        body: download.body,
      };
    },
  };
}
