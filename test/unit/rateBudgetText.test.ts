// The status bar's rate budget: a developer's figure, shown only when it matters — near the
// limit (80% of the budget) or while the service has asked to wait — and otherwise kept for
// the tooltip.
import { describe, expect, it } from 'vitest';
import { rateBudgetText } from '../../renderer/model/rateBudgetText.ts';
import { timeOfDayText } from '../../renderer/model/dateTimeText.ts';
import type { RateBudgetSnapshot } from '../../shared/api/rateBudgetSnapshot.ts';

const now = Date.UTC(2026, 10, 27, 18, 0, 0);
const budget = (used: number, pausedUntil: number | null = null): RateBudgetSnapshot => ({
  limit: 120,
  windowMs: 60_000,
  used,
  inFlight: 0,
  waitingUser: 0,
  waitingBackground: 0,
  pausedUntil,
});

describe('the rate budget in the status bar', () => {
  it('says nothing far from the limit, and keeps the count for the tooltip', () => {
    const said = rateBudgetText(budget(5), now);
    expect(said.shown).toBeNull();
    expect(said.tip).toBe('Requests this minute: 5 of 120');
    expect(rateBudgetText(budget(95), now).shown).toBeNull();
    expect(rateBudgetText(null, now).shown).toBeNull();
  });

  it('shows the count from 80% of the budget', () => {
    const said = rateBudgetText(budget(96), now);
    expect(said).toMatchObject({ shown: 'Requests this minute: 96/120', near: true });
    expect(said.tip).toMatch(/close to the limit/);
  });

  it('shows a pause by the service until when, and forgets it once it is over', () => {
    const until = now + 30_000;
    const said = rateBudgetText(budget(3, until), now);
    expect(said.shown).toBe(`Requests paused until ${timeOfDayText(until, true)}`);
    expect(said.tip).toMatch(/asked to wait .*in 30 seconds.*3 of 120/);
    expect(rateBudgetText(budget(3, until), until + 1).shown).toBeNull();
  });
});
