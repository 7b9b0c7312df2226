// Who listens on a port, and on which address: read from Linux's /proc (no tool needed), else from lsof.
// `npm start` names the process holding a port it needs; the tests check every server binds 127.0.0.1.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface ListeningSocket {
  address: string;
  port: number;
  inode: string;
}

function ipv4(hex: string): string {
  // /proc prints the address as a little-endian 32-bit number.
  return [6, 4, 2, 0].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join('.');
}

function ipv6(hex: string): string {
  if (/^0{16}FFFF0{4}/i.test(hex)) return ipv4(hex.slice(24));
  const words = [0, 8, 16, 24].map(
    (i) =>
      hex
        .slice(i, i + 8)
        .match(/../g)
        ?.reverse()
        .join('') ?? '',
  );
  const groups = words
    .flatMap((w) => [w.slice(0, 4), w.slice(4)])
    .map((g) => Number.parseInt(g, 16).toString(16));
  const text = groups.join(':');
  if (text === '0:0:0:0:0:0:0:0') return '::';
  if (text === '0:0:0:0:0:0:0:1') return '::1';
  return text;
}

/** TCP sockets in LISTEN state (Linux only; empty elsewhere). */
export function listeningSockets(): ListeningSocket[] {
  const sockets: ListeningSocket[] = [];
  for (const [file, decode] of [
    ['/proc/net/tcp', ipv4],
    ['/proc/net/tcp6', ipv6],
  ] as const) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f[3] !== '0A') continue;
      const [addr, port] = (f[1] ?? '').split(':');
      sockets.push({ address: decode(addr ?? ''), port: Number.parseInt(port ?? '', 16), inode: f[9] ?? '' });
    }
  }
  return sockets;
}

const commandLine = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return spawnSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).stdout?.trim() ?? '';
  }
};

/** The process listening on a TCP port of this machine, if this user may see it. */
export function portHolder(port: number): { pid: number; command: string } | null {
  const inodes = new Set(
    listeningSockets()
      .filter((s) => s.port === port)
      .map((s) => `socket:[${s.inode}]`),
  );
  if (inodes.size) {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      let fds: string[];
      try {
        fds = readdirSync(`/proc/${entry}/fd`);
      } catch {
        continue;
      }
      for (const fd of fds) {
        try {
          if (inodes.has(readlinkSync(`/proc/${entry}/fd/${fd}`))) {
            return { pid: Number(entry), command: commandLine(Number(entry)) };
          }
        } catch {}
      }
    }
    return null;
  }
  const lsof = spawnSync('lsof', ['-nP', `-iTCP:${port}`, '-sTCP:LISTEN', '-t'], { encoding: 'utf8' });
  const pid = Number(lsof.stdout?.split('\n')[0]);
  return pid ? { pid, command: commandLine(pid) } : null;
}

/** The parent of a process (Linux /proc), or null where that cannot be read. */
export function parentPid(pid: number): number | null {
  try {
    // The command name (field 2) may hold spaces; fields after its closing parenthesis are plain.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}
