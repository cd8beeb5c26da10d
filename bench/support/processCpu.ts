// CPU time of processes as Linux counts it in /proc/PID/stat (user + system, in 10 ms ticks):
// on a shared machine it says more than the wall clock. A process's own time, the time of its
// children it has waited for (ffmpeg and pocketsphinx runs that ended), and the processes
// still running under it with the time they have spent so far.
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10;

/** The fields after the command name (which may hold spaces): field 3 of stat is index 0. */
function statFields(pid: number | 'self'): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
}

/** User + system CPU (ms) a process spent itself: fields 14 and 15. */
export function ownCpuMs(pid: number | 'self'): number {
  const fields = statFields(pid);
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** User + system CPU (ms) of a process's finished children it waited for: fields 16 and 17. */
export function childrenCpuMs(pid: number | 'self'): number {
  const fields = statFields(pid);
  return (Number(fields[13]) + Number(fields[14])) * TICK_MS;
}

export interface LiveChild {
  pid: number;
  command: string;
  cpuMs: number;
}

/** The processes whose parent is `parent` right now, with the CPU they spent so far. */
export function liveChildren(parent: number): LiveChild[] {
  const children: LiveChild[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      if (Number(fields[1]) !== parent) continue;
      children.push({
        pid: Number(entry),
        command: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(') ')),
        cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
      });
    } catch {
      // The process ended while /proc was read.
    }
  }
  return children;
}
