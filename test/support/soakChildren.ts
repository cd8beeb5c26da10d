// The parent's side of the soak tests (test/soak/): app processes started, and SIGKILLed at
// random moments, one after another on the same journal. The moments come from a seeded
// generator; the seed is printed, and SOAK_SEED=<n> replays the same moments (the service's
// own fault draws and the machine's timing still vary).
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';

/** mulberry32: small, fast, good enough to spread kill moments. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed of this run: SOAK_SEED if set, else a fresh one (printed by the caller). */
export function soakSeed(): number {
  const fromEnv = Number(process.env.SOAK_SEED);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : Math.floor(Math.random() * 2 ** 31) + 1;
}

export interface SoakChild {
  readonly process: ChildProcess;
  /** Every JSON line it printed, in order. */
  readonly lines: any[];
  /** Resolves with the first printed line that matches, or rejects if the process exits first. */
  waitFor(match: (line: any) => boolean, what: string, timeoutMs?: number): Promise<any>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
  /** SIGKILL, and wait until it is gone. */
  kill(): Promise<void>;
}

export function startChild(script: string, args: string[]): SoakChild {
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: any[] = [];
  const waiters = new Set<() => void>();
  let errText = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    errText += chunk.toString();
    if (errText.length > 100_000) errText = errText.slice(-50_000);
  });
  createInterface({ input: child.stdout! }).on('line', (text) => {
    try {
      lines.push(JSON.parse(text));
    } catch {
      lines.push({ text });
    }
    for (const wake of [...waiters]) wake();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      resolve({ code, signal });
      for (const wake of [...waiters]) wake();
    }),
  );
  const gone = () => child.exitCode !== null || child.signalCode !== null;

  return {
    process: child,
    lines,
    exited,
    stderr: () => errText,
    waitFor(match, what, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`child ${child.pid} did not say ${what} within ${timeoutMs} ms\n${errText}`));
        }, timeoutMs);
        function check(): void {
          const found = lines.find(match);
          if (found !== undefined || gone()) {
            clearTimeout(timer);
            waiters.delete(check);
            if (found !== undefined) resolve(found);
            else reject(new Error(`child ${child.pid} exited before it said ${what}\n${errText}`));
          }
        }
        waiters.add(check);
        check();
      });
    },
    async kill() {
      if (!gone()) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** When, in a child's life, a kill lands: one of these is drawn per round, by share. */
export interface KillMoment {
  readonly name: string;
  readonly share: number;
  /** Resolves when the kill is due (the loop races it with the child's exit). */
  due(child: SoakChild, random: () => number): Promise<void>;
}

const between = (random: () => number, [min, max]: readonly [number, number]) =>
  Math.round(min + random() * (max - min));

/** A kill `ms` (at random in [min, max)) after the spawn: while the process starts and recovers. */
export function afterSpawn(name: string, share: number, ms: readonly [number, number]): KillMoment {
  return { name, share, due: (_child, random) => sleep(between(random, ms)) };
}

/**
 * A kill `ms` after the child first prints a line that matches; if none comes within
 * `fallbackMs`, the kill lands then (the child had nothing of that kind to do).
 */
export function afterLine(
  name: string,
  share: number,
  match: (line: any) => boolean,
  ms: readonly [number, number],
  fallbackMs = 5_000,
): KillMoment {
  return {
    name,
    share,
    async due(child, random) {
      const delay = between(random, ms);
      const seen = await child.waitFor(match, name, fallbackMs).then(
        () => true,
        () => false,
      );
      if (seen) await sleep(delay);
    },
  };
}

export interface KillRecord {
  round: number;
  pid: number;
  moment: string;
}

/**
 * Starts a child and SIGKILLs it at a moment drawn from `moments`, `kills` times over.
 * `beforeEach` runs before each start (e.g. to vary the service's latency). A child that
 * exits on its own fails the soak, with its stderr.
 */
export async function killLoop(options: {
  kills: number;
  random: () => number;
  moments: readonly KillMoment[];
  /** A moment set for a round instead of drawn (e.g. to make sure one kill meets a request). */
  momentOf?: (round: number) => KillMoment | undefined;
  start: (round: number) => SoakChild;
  beforeEach?: (round: number) => Promise<void>;
}): Promise<KillRecord[]> {
  const { random, moments } = options;
  const total = moments.reduce((sum, m) => sum + m.share, 0);
  const records: KillRecord[] = [];
  for (let round = 0; round < options.kills; round++) {
    await options.beforeEach?.(round);
    let draw = random() * total;
    const moment = options.momentOf?.(round) ?? moments.find((m) => (draw -= m.share) < 0) ?? moments.at(-1)!;
    const child = options.start(round);
    await Promise.race([moment.due(child, random), child.exited]);
    if (child.process.exitCode !== null || child.process.signalCode !== null) {
      throw new Error(
        `child ${child.process.pid} (round ${round}) exited on its own (${child.process.exitCode})\n${child.stderr()}`,
      );
    }
    await child.kill();
    records.push({ round, pid: child.process.pid!, moment: moment.name });
  }
  return records;
}
