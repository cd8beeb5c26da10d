/** The sandbox's notion of now. The admin API can move it forward, so tests can expire keys without waiting. */
export interface Clock {
  now(): number;
  advance(ms: number): void;
}

export function createClock(): Clock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance(ms) {
      offset += ms;
    },
  };
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
