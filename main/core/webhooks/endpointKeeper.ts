// Keeps exactly one webhook endpoint registered with the service, pointing where the
// receiver can be reached now. A new URL (a tunnel reconnected elsewhere) is registered
// first, its secret saved, and only then the old endpoint deleted, so no delivery finds
// nobody. Registration is not paid work: it is simply retried with backoff while the
// failure may pass (offline, 5xx, 429); a 4xx refusal is reported and not retried.
import { AppFailure, appError, toAppError, type AppError } from '../../../shared/appError.ts';

export interface RegisteredEndpoint {
  readonly id: string | number;
  /** Shown once by the service: handed straight to saveSecret, never kept here. */
  readonly secret: string;
}

export interface EndpointServices {
  /** The event kinds to subscribe to. */
  readonly events: readonly string[];
  readonly registerEndpoint: (url: string, events: readonly string[]) => Promise<RegisteredEndpoint>;
  readonly deleteEndpoint: (id: string) => Promise<void>;
  /** Stores an endpoint's signing secret (the keychain), where the receiver's getSecrets finds it. */
  readonly saveSecret: (endpointId: string, secret: string) => Promise<void>;
  readonly forgetSecret?: (endpointId: string) => Promise<void>;
  readonly log?: (line: string) => void;
}

export interface Backoff {
  readonly firstMs: number;
  readonly maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { firstMs: 1_000, maxMs: 60_000 };

export function backoffDelay(backoff: Backoff, failures: number): number {
  return Math.min(backoff.firstMs * 2 ** Math.max(0, failures - 1), backoff.maxMs);
}

export interface EndpointReport {
  registering(url: string): void;
  registered(url: string, endpointId: string): void;
  failed(error: AppError, retryInMs: number | null): void;
}

function isPermanent(error: AppError): boolean {
  return (
    error.status !== null && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429
  );
}

export function createEndpointKeeper(
  services: EndpointServices,
  report: EndpointReport,
  backoff: Backoff = DEFAULT_BACKOFF,
) {
  let current: { url: string; id: string } | null = null;
  let wanted: string | null = null;
  let running: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;
  let released = false;
  /** Set by want(); a sync that is just ending looks at it, so no new URL is missed. */
  let dirty = false;

  async function remove(endpoint: { url: string; id: string }): Promise<void> {
    try {
      await services.deleteEndpoint(endpoint.id);
    } catch (error) {
      // Its secret is kept: the endpoint may still be live at the service.
      services.log?.(
        `webhook endpoint ${endpoint.id} (${endpoint.url}) could not be deleted: ${toAppError(error).message}`,
      );
      return;
    }
    try {
      await services.forgetSecret?.(endpoint.id);
    } catch (error) {
      services.log?.(
        `the signing secret of deleted webhook endpoint ${endpoint.id} could not be forgotten: ${toAppError(error).message}`,
      );
    }
  }

  async function register(url: string): Promise<{ url: string; id: string }> {
    const endpoint = await services.registerEndpoint(url, services.events);
    const id = String(endpoint.id);
    try {
      await services.saveSecret(id, endpoint.secret);
    } catch (error) {
      // Without its secret every delivery would be refused: better no endpoint at all.
      await remove({ url, id });
      throw new AppFailure(
        appError(
          'tunnel.secret_not_saved',
          `The webhook signing secret could not be stored in the keychain, so the endpoint was removed again: ${toAppError(error).message}`,
        ),
      );
    }
    return { url, id };
  }

  async function sync(): Promise<void> {
    dirty = false;
    while (!released && wanted !== null && wanted !== current?.url) {
      dirty = false;
      const target = wanted;
      report.registering(target);
      let created: { url: string; id: string };
      try {
        created = await register(target);
      } catch (error) {
        if (released) return;
        if (wanted !== target) continue; // a newer URL came meanwhile: register that one now
        const appErr = toAppError(error);
        failures++;
        const retryInMs = isPermanent(appErr) ? null : backoffDelay(backoff, failures);
        report.failed(appErr, retryInMs);
        if (retryInMs !== null) retryTimer = setTimeout(kick, retryInMs);
        return;
      }
      const previous = current;
      current = created;
      failures = 0;
      if (previous) await remove(previous);
      if (!released && wanted === created.url) report.registered(created.url, created.id);
    }
  }

  function kick(): void {
    running ??= sync().finally(() => {
      running = null;
      if (dirty && !released) kick();
    });
  }

  return {
    /** Makes the registered endpoint point at `url` (registers it, then deletes the one before). */
    want(url: string): void {
      if (released) return;
      if (url !== wanted) {
        wanted = url;
        failures = 0;
        clearTimeout(retryTimer);
      }
      dirty = true;
      kick();
    },
    current(): { url: string; id: string } | null {
      return current;
    },
    /** Stops retrying, waits for a registration under way, and deletes the endpoint. */
    async release(): Promise<void> {
      released = true;
      clearTimeout(retryTimer);
      await running;
      if (current) await remove(current);
      current = null;
    },
  };
}

export type EndpointKeeper = ReturnType<typeof createEndpointKeeper>;
