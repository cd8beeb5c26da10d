// This process's established TCP connections to given ports, read from /proc (Linux): unlike
// process._getActiveHandles() it also sees idle keep-alive sockets that undici has unref'd.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export function connectionsTo(ports: readonly number[]): { localPort: number; remotePort: number }[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`));
      if (match) inodes.add(match[1]!);
    } catch {
      // closed meanwhile
    }
  }
  const found: { localPort: number; remotePort: number }[] = [];
  for (const table of ['/proc/self/net/tcp', '/proc/self/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10 || cols[3] !== '01' || !inodes.has(cols[9]!)) continue;
      const localPort = parseInt(cols[1]!.split(':')[1]!, 16);
      const remotePort = parseInt(cols[2]!.split(':')[1]!, 16);
      if (ports.includes(remotePort)) found.push({ localPort, remotePort });
    }
  }
  return found;
}
