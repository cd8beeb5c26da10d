// Idempotency keys for creating POSTs, scoped to the account (spec rule 6):
// the same key with the same inputs replays the first job; other inputs are 409.
import { transaction, type Db } from './db/database.ts';
import { sha256Hex } from './auth/secrets.ts';
import { ApiError } from './http/apiError.ts';

/** JSON with object keys sorted, so equal inputs hash equal however they were written. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function createIdempotency(db: Db, now: () => number) {
  const find = db.prepare(
    'SELECT operation, request_hash, resource_id FROM idempotency WHERE account_id = ? AND key = ?',
  );
  const insert = db.prepare(
    'INSERT INTO idempotency (account_id, key, operation, request_hash, resource_id, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  return {
    /**
     * The resource an earlier identical request created, or undefined for a new key.
     * Call inside the transaction that creates the resource, then `remember` in it too.
     */
    replayOf(accountId: number, key: string, operation: string, input: unknown): number | undefined {
      const row = find.get(accountId, key) as
        { operation: string; request_hash: string; resource_id: number } | undefined;
      if (!row) return undefined;
      if (row.operation !== operation || row.request_hash !== sha256Hex(canonicalJson(input))) {
        throw new ApiError(
          'idempotency.key_reused',
          'This Idempotency-Key was already used with other inputs: send new inputs with a new key.',
          {
            details: { originalOperation: row.operation },
          },
        );
      }
      return row.resource_id;
    },
    remember(accountId: number, key: string, operation: string, input: unknown, resourceId: number): void {
      insert.run(accountId, key, operation, sha256Hex(canonicalJson(input)), resourceId, now());
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;

/**
 * Replays an earlier identical request, or runs `accept` (checks, charge, insert) and
 * remembers the key — in one transaction, so a resource is created (and charged) at most
 * once. `input` must hold everything that defines the request, path parameters included.
 */
export function acceptOnce(
  ctx: { db: Db; idempotency: Idempotency },
  request: { accountId: number; idempotencyKey: string; operation: string; input: unknown },
  accept: () => number,
): { id: number; replay: boolean } {
  return transaction(ctx.db, () => {
    const replayed = ctx.idempotency.replayOf(
      request.accountId,
      request.idempotencyKey,
      request.operation,
      request.input,
    );
    if (replayed !== undefined) return { id: replayed, replay: true };
    const id = accept();
    ctx.idempotency.remember(request.accountId, request.idempotencyKey, request.operation, request.input, id);
    return { id, replay: false };
  });
}
