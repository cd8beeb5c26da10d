// The account wallet, in micro-dollars. Paid work is charged when accepted and
// refunded if the job fails or is cancelled, so a user never pays for nothing.
import type { Db } from './db/database.ts';
import { ApiError } from './http/apiError.ts';

export function createWallet(db: Db) {
  return {
    balanceMicros(accountId: number): number {
      return (db.prepare('SELECT wallet_micros FROM accounts WHERE id = ?').get(accountId) as { wallet_micros: number })
        .wallet_micros;
    },
    pricingMultiplier(accountId: number): number {
      return (
        db.prepare('SELECT pricing_multiplier FROM accounts WHERE id = ?').get(accountId) as {
          pricing_multiplier: number;
        }
      ).pricing_multiplier;
    },
    /** Call inside the transaction that accepts the job. */
    charge(accountId: number, micros: number, what: string): void {
      const balance = this.balanceMicros(accountId);
      if (balance < micros) {
        throw new ApiError(
          'wallet.insufficient_balance',
          `${what} costs $${(micros / 1e6).toFixed(2)} but the wallet holds $${(balance / 1e6).toFixed(2)}: add funds or pick a cheaper option.`,
          { details: { priceUsd: micros / 1e6, balanceUsd: balance / 1e6 } },
        );
      }
      db.prepare('UPDATE accounts SET wallet_micros = wallet_micros - ? WHERE id = ?').run(micros, accountId);
    },
    refund(accountId: number, micros: number): void {
      db.prepare('UPDATE accounts SET wallet_micros = wallet_micros + ? WHERE id = ?').run(micros, accountId);
    },
  };
}

export type Wallet = ReturnType<typeof createWallet>;
