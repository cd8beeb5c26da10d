// Faults on purpose, for the client's reliability tests. Set by CLI flags at start
// and by the sandbox-only admin API while running; read by both services.
export interface FaultSwitches {
  /** Added to every API request before it is handled. */
  latencyMs: number;
  /** Share (0..1) of API requests answered 503 service.unavailable with Retry-After. */
  unavailableShare: number;
  /** The Retry-After those 503s carry, in seconds. */
  retryAfterSeconds: number;
  /** Share (0..1) of API requests whose connection is dropped mid-request, unanswered. */
  dropShare: number;
  /** Deliver every webhook event twice (receivers must deduplicate on body.id). */
  duplicateWebhooks: boolean;
  /** Answer job lists as a service that does not know `updatedSince` would: every job, as if it were not asked. */
  ignoreUpdatedSince: boolean;
}

export function createFaultSwitches(): FaultSwitches {
  return {
    latencyMs: 0,
    unavailableShare: 0,
    retryAfterSeconds: 1,
    dropShare: 0,
    duplicateWebhooks: false,
    ignoreUpdatedSince: false,
  };
}
