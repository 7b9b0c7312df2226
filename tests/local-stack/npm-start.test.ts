// `npm start` as a developer lives with it: killed hard, it leaves no DynamoDB Local, API or worker process
// behind holding its port; its stale lock does not block the next start; a port held by a leftover process is named; and
// nothing it starts listens beyond this machine.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listeningSockets, portHolder } from '../../infra/local/port-owner.ts';
import { isPortInUse } from '../../infra/local/ports.ts';
import { REPO_ROOT } from '../../infra/local/stack.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'aivatar-start-'));
const running: ChildProcess[] = [];
afterAll(() => {
  for (const p of running) if (p.exitCode === null) p.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

interface Started {
  process: ChildProcess;
  ports: { web: number; api: number; dynamodb: number; s3: number; google: number };
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Processes whose parent is `parent` and whose command line holds `text` (Linux /proc). */
function childrenRunning(parent: number, text: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === parent && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
      } catch {
        return false;
      }
    });
}

async function eventually(what: string, check: () => boolean | Promise<boolean>, ms = 8000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function npmStart(extra: string[] = []): { process: ChildProcess; output: () => string } {
  const child = spawn(
    process.execPath,
    [
      'infra/local/start.ts',
      '--skip-build',
      '--data-dir',
      dataDir,
      ...[
        '--web-port',
        '0',
        '--api-port',
        '0',
        '--dynamodb-port',
        '0',
        '--s3-port',
        '0',
        '--google-port',
        '0',
        // Free ports for every server: another npm start (the chaos test's) may run beside this file.
        '--sqs-port',
        '0',
        '--stripe-port',
        '0',
      ],
      ...extra,
    ],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LOG_LEVEL: 'silent' } },
  );
  running.push(child);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  return { process: child, output: () => output };
}

async function started(): Promise<Started> {
  const run = npmStart();
  await eventually('npm start prints its URLs', () => run.output().includes('Press Ctrl-C'), 60_000);
  const port = (label: string) =>
    Number(new RegExp(`${label}\\s+http://[^:]+:(\\d+)`).exec(run.output())?.[1]);
  return {
    process: run.process,
    ports: {
      web: port('Web app'),
      api: port('API'),
      dynamodb: port('DynamoDB'),
      s3: port('S3'),
      google: port('Google'),
    },
  };
}

// Each test starts npm start (its JVM, the web build's server, two role processes): on a busy two-core machine,
// beside other test files, that alone can take a minute.
describe('npm start', { timeout: 180_000 }, () => {
  let first: Started;
  let javaPid: number;

  it('runs every server on 127.0.0.1 only, DynamoDB Local, s3rver and the Google stand-in included', async () => {
    first = await started();
    for (const [name, port] of Object.entries(first.ports)) {
      const sockets = listeningSockets().filter((s) => s.port === port);
      expect(sockets.length, `${name} listens on ${port}`).toBeGreaterThan(0);
      for (const s of sockets) expect(s.address, `${name} on port ${port}`).toBe('127.0.0.1');
    }
    const holder = portHolder(first.ports.dynamodb);
    expect(holder?.command).toMatch(/^java .*DynamoDB/);
    javaPid = holder?.pid as number;
  });

  it('takes DynamoDB Local and its API and worker processes down with it when killed with SIGKILL, freeing the port', async () => {
    const roles = childrenRunning(first.process.pid as number, 'role-process.ts');
    expect(roles).toHaveLength(2);
    first.process.kill('SIGKILL');
    await eventually('DynamoDB Local has exited', () => !alive(javaPid), 6000);
    await eventually(
      'the API and worker processes have exited',
      () => roles.every((pid) => !alive(pid)),
      6000,
    );
    await eventually('its port is free', async () => !(await isPortInUse(first.ports.dynamodb)), 2000);
    expect(existsSync(join(dataDir, 'aivatar.lock'))).toBe(true);
  });

  it('starts again over the lock the killed run left, and stops cleanly on SIGTERM', async () => {
    const second = await started();
    const java = portHolder(second.ports.dynamodb)?.pid as number;
    expect(java).toBeGreaterThan(0);
    second.process.kill('SIGTERM');
    const code = await new Promise((r) => second.process.once('exit', r));
    expect(code).toBe(0);
    expect(alive(java)).toBe(false);
    expect(existsSync(join(dataDir, 'aivatar.lock'))).toBe(false);
  });

  it('names the process holding a port it needs, and how to stop it', async () => {
    // A lock left by a run that is gone, and its port still held (here by this test process).
    writeFileSync(join(dataDir, 'aivatar.lock'), JSON.stringify({ pid: 999_999_999, webUrl: 'http://x' }));
    const server = createServer();
    const port = await new Promise<number>((r) =>
      server.listen(0, '127.0.0.1', () => r((server.address() as { port: number }).port)),
    );
    try {
      const run = npmStart(['--dynamodb-port', String(port)]);
      const code = await new Promise((r) => run.process.once('exit', r));
      expect(code).toBe(1);
      expect(run.output()).toContain(`Port ${port} (dynamodb) is already in use by process ${process.pid}`);
      expect(run.output()).toContain('An earlier `npm start` (process 999999999) ended without stopping it');
      expect(run.output()).toContain(`kill ${process.pid}`);
    } finally {
      server.close();
    }
  });
});
