// `npm start` as the chaos harness and the crash tests run it: its own process group (so the whole stack
// can be killed at once, DynamoDB Local included), the same data folder and ports on every start, the
// fast task timing, and the processes of its two roles (infra/local/roles.ts) found in /proc so each can be
// killed alone.
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { REPO_ROOT } from '../../infra/local/stack.ts';
import type { TaskTimingProfile } from '../../infra/local/task-timing.ts';

export type Role = 'api' | 'workers';

export interface StackAddresses {
  apiUrl: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  sqsEndpoint: string;
  stripeUrl: string;
  taskQueueName: string;
}

const PORT_FLAGS = ['web', 'api', 'dynamodb', 's3', 'sqs', 'google', 'stripe'] as const;

/** The parent of a process and its command line, from /proc. */
function processInfo(pid: number): { ppid: number; cmdline: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
    return { ppid, cmdline };
  } catch {
    return null;
  }
}

const groupAlive = (pgid: number): boolean => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class NpmStart {
  addresses: StackAddresses | null = null;
  /** How many times it was started (1 after the first start). */
  starts = 0;
  private child: ChildProcess | null = null;
  private ports: Record<(typeof PORT_FLAGS)[number], number> | null = null;
  private log = '';
  private readonly dataDir: string;
  private readonly env: NodeJS.ProcessEnv;
  private readonly echo: boolean;
  private readonly taskTiming: TaskTimingProfile;

  constructor(o: {
    dataDir: string;
    env: Record<string, string>;
    echo?: boolean;
    /** default 'fast' */
    taskTiming?: TaskTimingProfile;
  }) {
    this.dataDir = o.dataDir;
    this.taskTiming = o.taskTiming ?? 'fast';
    this.env = { ...process.env, ...o.env };
    this.echo = o.echo ?? false;
  }

  /** What it printed, the last 64 KB. */
  output(): string {
    return this.log;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** How `npm start` ended when nobody here stopped it (a crash, or a signal from elsewhere), or null. */
  endedOnItsOwn(): string | null {
    const c = this.child;
    if (!c || (c.exitCode === null && c.signalCode === null)) return null;
    return c.signalCode ?? `exit code ${c.exitCode}`;
  }

  /** Starts `npm start` (the first time on free ports, then on the same ones) and waits until it serves. */
  async start(timeoutMs = 120_000): Promise<StackAddresses> {
    const portArgs = PORT_FLAGS.flatMap((name) => [`--${name}-port`, String(this.ports?.[name] ?? 0)]);
    const child = spawn(
      process.execPath,
      [
        'infra/local/start.ts',
        '--skip-build',
        '--data-dir',
        this.dataDir,
        '--task-timing',
        this.taskTiming,
        ...portArgs,
      ],
      { cwd: REPO_ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: this.env },
    );
    this.child = child;
    this.starts += 1;
    // Its own process group does not end with this process: a harness that ends takes it down.
    const orphaned = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {}
    };
    process.once('exit', orphaned);
    child.once('exit', () => process.off('exit', orphaned));
    let printed = '';
    const onData = (d: Buffer) => {
      printed += d;
      this.log = (this.log + d).slice(-65_536);
      if (this.echo) process.stderr.write(d);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    const until = Date.now() + timeoutMs;
    while (!printed.includes('Press Ctrl-C')) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`npm start ended (${child.exitCode ?? child.signalCode}):\n${printed}`);
      if (Date.now() > until) throw new Error(`npm start did not serve within ${timeoutMs} ms:\n${printed}`);
      await sleep(100);
    }
    const url = (label: string) => {
      const m = new RegExp(`\\n\\s+${label}\\s+(http://[^\\s]+)`).exec(printed);
      if (!m) throw new Error(`npm start printed no ${label} address:\n${printed}`);
      return m[1] as string;
    };
    const portOf = (u: string) => Number(new URL(u).port);
    const addresses: StackAddresses = {
      apiUrl: url('API'),
      dynamoEndpoint: url('DynamoDB'),
      s3Endpoint: url('S3'),
      sqsEndpoint: url('SQS'),
      stripeUrl: url('Stripe').replace('localhost', '127.0.0.1'),
      taskQueueName: /task queue ([\w-]+)/.exec(printed)?.[1] ?? 'aivatar-local-avatar-tasks',
    };
    this.ports ??= {
      web: portOf(url('Web app')),
      api: portOf(addresses.apiUrl),
      dynamodb: portOf(addresses.dynamoEndpoint),
      s3: portOf(addresses.s3Endpoint),
      sqs: portOf(addresses.sqsEndpoint),
      google: portOf(url('Google')),
      stripe: portOf(addresses.stripeUrl),
    };
    this.addresses = addresses;
    return addresses;
  }

  /** The process serving a role now, or null (between a kill and its restart). */
  rolePid(role: Role): number | null {
    const parent = this.child?.pid;
    if (!parent) return null;
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const info = processInfo(Number(name));
      if (info?.ppid === parent && info.cmdline.includes(`role-process.ts ${role}`)) return Number(name);
    }
    return null;
  }

  /** kill -9 of one role's process; resolves once `npm start` has started a new one that is ready. */
  async killRole(role: Role, timeoutMs = 60_000): Promise<{ killed: number; back: number; downMs: number }> {
    const killed = this.rolePid(role);
    if (!killed) throw new Error(`no ${role} process to kill`);
    const at = Date.now();
    process.kill(killed, 'SIGKILL');
    const until = at + timeoutMs;
    for (;;) {
      const now = this.rolePid(role);
      // "is back" is printed once the new process is configured and serving.
      const backLine = /the (API|workers) process is back \((\d+)\)/g;
      const back = [...this.log.matchAll(backLine)].map((m) => Number(m[2]));
      if (now && now !== killed && back.includes(now)) return { killed, back: now, downMs: Date.now() - at };
      if (Date.now() > until) throw new Error(`the ${role} process was not back within ${timeoutMs} ms`);
      await sleep(50);
    }
  }

  /** kill -9 of the whole process group: npm start, its roles, DynamoDB Local and its guard. */
  async killAll(): Promise<void> {
    const pid = this.child?.pid;
    if (!pid) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {}
    const until = Date.now() + 20_000;
    while (groupAlive(pid)) {
      if (Date.now() > until) throw new Error(`process group ${pid} still alive 20 s after SIGKILL`);
      await sleep(50);
    }
    this.child = null;
  }

  /** Ctrl-C's way: SIGTERM, and npm start stops everything in order. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child?.pid) return;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(30_000)]);
    }
    if (groupAlive(child.pid)) await this.killAll();
    this.child = null;
  }
}
