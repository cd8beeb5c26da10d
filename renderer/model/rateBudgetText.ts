// What the status bar says of the rate budget: nothing while it is far from the limit (the
// count is a developer's figure, kept in the connection's tooltip), the count once it nears
// the limit (80%: background refreshes are about to wait), and the pause while the service
// has asked to wait (a Retry-After), until when.
import type { RateBudgetSnapshot } from '../../shared/api/rateBudgetSnapshot.ts';
import { relativeTimeText, timeOfDayText } from './dateTimeText.ts';

/** The share of the budget from which the count is shown. */
export const NEAR_LIMIT_SHARE = 0.8;

export interface RateBudgetText {
  /** What the status bar shows; null: nothing (the budget is far from its limit). */
  readonly shown: string | null;
  readonly near: boolean;
  /** The figures, for a tooltip. */
  readonly tip: string;
}

export function rateBudgetText(budget: RateBudgetSnapshot | null, now: number = Date.now()): RateBudgetText {
  if (!budget) return { shown: null, near: false, tip: 'Requests this minute: not known yet' };
  const count = `Requests this minute: ${budget.used} of ${budget.limit}`;
  if (budget.pausedUntil !== null && budget.pausedUntil > now)
    return {
      shown: `Requests paused until ${timeOfDayText(budget.pausedUntil, true)}`,
      near: true,
      tip: `The service asked to wait before the next request (${relativeTimeText(budget.pausedUntil, now)}). ${count}.`,
    };
  if (budget.used >= NEAR_LIMIT_SHARE * budget.limit)
    return {
      shown: `Requests this minute: ${budget.used}/${budget.limit}`,
      near: true,
      tip: `${count}: close to the limit, so background refreshes wait and your actions go first.`,
    };
  return { shown: null, near: false, tip: count };
}
