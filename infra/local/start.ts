// `npm start`: builds the SPA and starts the whole product locally: the stand-ins in this process, the API
// and the generation workers each in a child process (roles.ts) started again if it dies. Ctrl-C stops
// every child process, and DynamoDB Local and the children stop with this process however it ends (see
// child-guard.ts). After a kill -9 of all of it, the next start carries on from the data folder. A port of
// 0 means any free port.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { writeFileDurablySync } from './durable-file.ts';
import { MissingJavaError } from './dynamodb.ts';
import { portHolder } from './port-owner.ts';
import { isPortInUse } from './ports.ts';
import { REPO_ROOT, startLocalStack } from './stack.ts';
import { LOCAL_TASK_TIMINGS, type TaskTimingProfile } from './task-timing.ts';

const { values: args } = parseArgs({
  options: {
    'web-port': { type: 'string', default: process.env.WEB_PORT ?? '5173' },
    'api-port': { type: 'string', default: process.env.API_PORT ?? '3001' },
    'dynamodb-port': { type: 'string', default: process.env.DYNAMODB_PORT ?? '8000' },
    's3-port': { type: 'string', default: process.env.S3_PORT ?? '4569' },
    'sqs-port': { type: 'string', default: process.env.SQS_PORT ?? '9324' },
    'google-port': { type: 'string', default: process.env.GOOGLE_PORT ?? '3002' },
    'stripe-port': { type: 'string', default: process.env.STRIPE_PORT ?? '12111' },
    'stripe-webhook-secret': { type: 'string', default: process.env.STRIPE_WEBHOOK_SECRET },
    'data-dir': { type: 'string', default: process.env.DATA_DIR ?? join(REPO_ROOT, '.local/data') },
    'skip-build': { type: 'boolean', default: false },
    'task-timing': { type: 'string', default: process.env.TASK_TIMING ?? 'standard' },
    admin: { type: 'string', default: process.env.ADMIN_EMAILS ?? 'admin@aivatar.local' },
  },
});

if (!Object.hasOwn(LOCAL_TASK_TIMINGS, args['task-timing'])) {
  console.error(
    `--task-timing must be one of ${Object.keys(LOCAL_TASK_TIMINGS).join(', ')} (got ${args['task-timing']})`,
  );
  process.exit(1);
}
const taskTiming = LOCAL_TASK_TIMINGS[args['task-timing'] as TaskTimingProfile];
const dataDir = resolve(args['data-dir']);
const lockFile = join(dataDir, 'aivatar.lock');
const ports = {
  web: Number(args['web-port']),
  api: Number(args['api-port']),
  dynamodb: Number(args['dynamodb-port']),
  s3: Number(args['s3-port']),
  sqs: Number(args['sqs-port']),
  google: Number(args['google-port']),
  stripe: Number(args['stripe-port']),
};

/** Whether `pid` is a running `npm start` (not another process that got the number since). */
function runningStart(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('infra/local/start.ts');
  } catch {
    // No /proc (macOS): a live process with that number is taken for the earlier run.
    return true;
  }
}

/** The earlier run's lock: null when absent, and when a kill cut its writing short (then it is stale). */
function readLock(): { pid: number; webUrl: string } | null {
  if (!existsSync(lockFile)) return null;
  try {
    const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: unknown; webUrl: unknown };
    return typeof lock.pid === 'number' ? { pid: lock.pid, webUrl: String(lock.webUrl) } : null;
  } catch {
    return null;
  }
}

function portTakenMessage(name: string, port: number, staleRun: number | null): string {
  const holder = portHolder(port);
  const lines = [`Port ${port} (${name}) is already in use`];
  if (holder) {
    lines[0] += ` by process ${holder.pid}: ${holder.command.slice(0, 160)}`;
    if (staleRun !== null) {
      lines.push(
        `An earlier \`npm start\` (process ${staleRun}) ended without stopping it: it is probably left over from that run.`,
      );
    }
    lines.push(`Stop it with \`kill ${holder.pid}\`, or pick another port with --${name}-port.`);
  } else {
    lines.push(`Free it, or pick another port with --${name}-port (0 takes any free port).`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  let staleRun: number | null = null;
  const other = readLock();
  if (other) {
    if (runningStart(other.pid)) {
      console.error(`Aivatar is already running locally (process ${other.pid}), open ${other.webUrl}.`);
      console.error(
        'Stop it with Ctrl-C in its terminal, or start another copy with other ports and --data-dir.',
      );
      process.exit(1);
    }
    // Its process is gone: the lock is stale and does not stop this run.
    staleRun = other.pid;
  }
  for (const [name, port] of Object.entries(ports)) {
    if (port !== 0 && (await isPortInUse(port))) {
      console.error(portTakenMessage(name, port, staleRun));
      process.exit(1);
    }
  }

  if (!args['skip-build']) {
    console.log('Building the web app…');
    execFileSync(process.execPath, ['web/scripts/build.ts', '--quiet'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
  }

  const stack = await startLocalStack({
    dataDir,
    webPort: ports.web,
    apiPort: ports.api,
    dynamoPort: ports.dynamodb,
    s3Port: ports.s3,
    sqsPort: ports.sqs,
    googlePort: ports.google,
    stripePort: ports.stripe,
    ...(args['stripe-webhook-secret'] ? { stripeWebhookSecret: args['stripe-webhook-secret'] } : {}),
    webDist: join(REPO_ROOT, 'web/dist'),
    adminEmails: args.admin.split(',').filter(Boolean),
    roleProcesses: true,
    // Harnesses that play many customers from one machine (npm run chaos, bench:load) say which client
    // each request stands for; a person's `npm start` never trusts the header.
    trustForwardedFor: process.env.LOCAL_TRUST_FORWARDED_FOR === 'true',
    taskTiming,
  });
  writeFileDurablySync(lockFile, JSON.stringify({ pid: process.pid, webUrl: stack.webUrl }));

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await stack.stop();
    rmSync(lockFile, { force: true });
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  console.log(`
  Aivatar is running locally.

    Web app      ${stack.webUrl}
    API          ${stack.apiUrl}
    Mail outbox  ${stack.apiUrl}/_local/outbox   (JSON: ${stack.apiUrl}/_local/mail)
    DynamoDB     ${stack.dynamoEndpoint}   (table ${stack.tableName}${stack.dynamoLoopbackOnly ? '' : ', on every network interface'})
    S3           ${stack.s3Endpoint}
    SQS          ${stack.sqsEndpoint}   (task queue ${stack.taskQueues.queueUrl.split('/').pop()}; a task pending ${taskTiming.deadlineSeconds} s is refunded)
    Styles       ${stack.seededStyles.length ? `${stack.seededStyles.length} added from the catalogue` : 'seeded before, kept as they are'}
    Google       ${stack.googleIssuer}   (local stand-in: "Continue with Google" signs in there)
    Stripe       ${stack.stripe.pageUrl}   (local stand-in: the stripe SDK talks to it; no real payment)
      webhook    ${stack.stripe.webhookUrl}
      secret     ${stack.stripe.webhookSecret}   (--stripe-webhook-secret to set it)
    Data         ${dataDir}

  Press Ctrl-C to stop.
`);
}

main().catch((e) => {
  if (e instanceof MissingJavaError) console.error(e.message);
  else console.error('Could not start Aivatar locally:', e);
  rmSync(lockFile, { force: true });
  process.exit(1);
});
