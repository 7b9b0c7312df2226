// The two parts of the local stack that run our functions: the API (the local API Gateway and every
// endpoint group) and the workers (the avatar worker and dead-letter event source mappings, the sweeper,
// the privacy jobs). Tests run them in their own process; `npm start` runs each in a child process
// (role-process.ts) and starts a new one when one dies, as Lambda starts a new instance after a crash, so
// that a kill -9 of one part leaves the queue, the database and the other part running.
import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { type ApiServerConfig, startApiServer } from './api-server.ts';
import { startGenerationWorkers } from './generation-workers.ts';
import { startPrivacyJobWorkers } from './privacy-job-workers.ts';
import type { LocalTaskQueues } from './task-queues.ts';
import type { LocalTaskTiming } from './task-timing.ts';

export type RoleName = 'api' | 'workers';

export interface WorkersConfig {
  sqsEndpoint: string;
  /** the avatar worker, dead-letter handler and sweeper, on the task queues */
  generation?: { queues: LocalTaskQueues; timing: LocalTaskTiming };
  /** account deletions and data exports, on their own queue */
  privacyJobs?: LocalTaskQueues;
}

export type ParentMessage = {
  type: 'configure';
  /** the functions' settings */
  env: Record<string, string>;
  api?: ApiServerConfig;
  workers?: WorkersConfig;
};
export type RoleMessage = { type: 'started'; port?: number } | { type: 'ready' };

export interface ApiRole {
  port: number;
  configure(env: Record<string, string>, config: ApiServerConfig): Promise<void>;
  stop(): Promise<void>;
}

export interface WorkersRole {
  stop(): Promise<void>;
}

const ROLE_ENTRY = join(import.meta.dirname, 'role-process.ts');
/** How long a role may take to stop in order (a batch in flight finishes) before it is killed. */
const STOP_GRACE_MS = 15_000;

export async function startApiRole(port: number, separate: boolean): Promise<ApiRole> {
  if (!separate) {
    const server = await startApiServer(port);
    return {
      port: server.port,
      configure: async (env, config) => {
        Object.assign(process.env, env);
        server.configure(config);
      },
      stop: server.stop,
    };
  }
  const p = new RoleProcess('api', 'API', port);
  await p.start();
  return {
    port: p.port as number,
    configure: (env, api) => p.configure({ type: 'configure', env, api }),
    stop: () => p.stop(),
  };
}

export async function startWorkersRole(
  env: Record<string, string>,
  workers: WorkersConfig,
  separate: boolean,
): Promise<WorkersRole> {
  if (!separate) {
    Object.assign(process.env, env);
    return startWorkers(workers);
  }
  const p = new RoleProcess('workers', 'workers', 0);
  await p.start();
  await p.configure({ type: 'configure', env, workers });
  return { stop: () => p.stop() };
}

/** The event source mappings and timers of the workers' part, wherever it runs. */
export function startWorkers(w: WorkersConfig): WorkersRole {
  const parts: WorkersRole[] = [];
  if (w.generation)
    parts.push(startGenerationWorkers(w.sqsEndpoint, w.generation.queues, w.generation.timing));
  if (w.privacyJobs) parts.push(startPrivacyJobWorkers(w.sqsEndpoint, w.privacyJobs));
  return { stop: async () => void (await Promise.all(parts.map((p) => p.stop()))) };
}

/** One role's child process, started again whenever it dies while the stack runs. */
class RoleProcess {
  port: number | undefined;
  private child: ChildProcess | null = null;
  private configuration: ParentMessage | null = null;
  private stopping = false;
  private readonly role: RoleName;
  private readonly label: string;

  constructor(role: RoleName, label: string, port: number) {
    this.role = role;
    this.label = label;
    this.port = port;
  }

  /** Forks the process and waits until it runs (and serves, once configured before). */
  async start(): Promise<void> {
    const child = fork(ROLE_ENTRY, [this.role], {
      env: { ...process.env, AIVATAR_ROLE_PORT: String(this.port ?? 0) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
    let live = false;
    child.once('exit', (code, signal) => {
      if (live && !this.stopping && this.child === child) {
        console.error(
          `[local] the ${this.label} process (${child.pid}) ended (${signal ?? `exit code ${code}`}): starting a new one`,
        );
        void this.restart(1);
      }
    });
    const started = await this.answer(child, 'started');
    if (started.type === 'started' && started.port !== undefined) this.port = started.port;
    if (this.configuration) await this.send(child, this.configuration);
    live = true;
  }

  async configure(message: ParentMessage): Promise<void> {
    this.configuration = message;
    if (this.child) await this.send(this.child, message);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await gone;
    clearTimeout(timer);
  }

  private async restart(attempt: number): Promise<void> {
    await new Promise((r) => setTimeout(r, Math.min(500 * attempt, 10_000)));
    if (this.stopping) return;
    try {
      await this.start();
      console.error(`[local] the ${this.label} process is back (${this.child?.pid})`);
    } catch (e) {
      console.error(`[local] the ${this.label} process did not start again:`, (e as Error).message);
      await this.restart(attempt + 1);
    }
  }

  private async send(child: ChildProcess, message: ParentMessage): Promise<void> {
    const ready = this.answer(child, 'ready');
    child.send(message);
    await ready;
  }

  /** The child's next message of this type; rejects if it exits first. */
  private answer(child: ChildProcess, type: RoleMessage['type']): Promise<RoleMessage> {
    return new Promise((resolve, reject) => {
      const onMessage = (m: RoleMessage) => {
        if (m?.type !== type) return;
        cleanup();
        resolve(m);
      };
      const onExit = (code: number | null, signal: string | null) => {
        cleanup();
        reject(new Error(`the ${this.label} process ended before it was ${type} (${signal ?? code})`));
      };
      const cleanup = () => {
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  }
}
