// A process and its descendants as Linux's /proc shows them: who they are, what they may map
// (RLIMIT_AS), and how much memory they hold (VmRSS), for tests that bound what the local
// service and the ffmpeg/ffprobe it starts may use.
import { readdirSync, readFileSync } from 'node:fs';

function read(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return ''; // gone meanwhile
  }
}

/** The pids of every descendant of `pid` (children of all its threads, recursively). */
export function descendants(pid: number): number[] {
  const found: number[] = [];
  const visit = (parent: number): void => {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${parent}/task`);
    } catch {
      return;
    }
    for (const task of tasks) {
      for (const child of read(`/proc/${parent}/task/${task}/children`).split(/\s+/).filter(Boolean).map(Number)) {
        if (!found.includes(child)) {
          found.push(child);
          visit(child);
        }
      }
    }
  };
  visit(pid);
  return found;
}

/** The program a process runs (argv[0]'s base name) and its full command line. */
export function commandOf(pid: number): { name: string; args: string[] } {
  const args = read(`/proc/${pid}/cmdline`).split('\0').filter(Boolean);
  return { name: (args[0] ?? '').split('/').pop() ?? '', args };
}

/** RLIMIT_AS of a process in bytes (null: unlimited or gone). */
export function addressSpaceLimit(pid: number): number | null {
  const line = read(`/proc/${pid}/limits`)
    .split('\n')
    .find((l) => l.startsWith('Max address space'));
  const soft = line?.split(/\s{2,}/)[1];
  return soft && /^\d+$/.test(soft) ? Number(soft) : null;
}

/** Resident memory of `pid` and all its descendants, in bytes. */
export function treeRss(pid: number): number {
  let total = 0;
  for (const p of [pid, ...descendants(pid)]) {
    const match = /VmRSS:\s+(\d+) kB/.exec(read(`/proc/${p}/status`));
    if (match) total += Number(match[1]) * 1024;
  }
  return total;
}
