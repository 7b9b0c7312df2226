// The local SQS stand-in keeps its queues in the data folder as SQS keeps them: a kill -9 of its process
// at any moment loses no message it acknowledged, a message in flight comes back after its visibility
// timeout with its receive count, dead letters stay dead letters, and a journal line the kill cut short
// does not stop the next start.
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateQueueCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  type Message,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/local/stack.ts';

const dirs: string[] = [];
const processes: ChildProcess[] = [];
/** How long the message in flight at the kill stays hidden: longer than a kill and a restart take. */
const IN_FLIGHT_SECONDS = 10;
afterAll(() => {
  for (const p of processes) if (p.exitCode === null) p.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const newDataDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'aivatar-sqs-'));
  dirs.push(d);
  return d;
};

interface Running {
  process: ChildProcess;
  client: SQSClient;
  output: () => string;
  /** kill -9, and wait for the process to be gone */
  kill(): Promise<void>;
}

async function startSqsProcess(dataDir: string): Promise<Running> {
  const child = spawn(process.execPath, ['tests/support/sqs-process.ts', dataDir], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  processes.push(child);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const endpoint = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 20 s: ${output}`)), 20_000);
    child.stdout?.on('data', () => {
      const m = /sqs-ready (\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1] as string);
      }
    });
    child.once('exit', () => reject(new Error(`exited: ${output}`)));
  });
  const client = new SQSClient({
    endpoint,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    maxAttempts: 1,
  });
  return {
    process: child,
    client,
    output: () => output,
    kill: async () => {
      client.destroy();
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await gone;
    },
  };
}

/** A queue's URL on whichever endpoint runs now: the host may change, the path names the queue. */
const urlOn = (client: SQSClient, name: string) =>
  client.send(new CreateQueueCommand({ QueueName: name })).then((r) => r.QueueUrl as string);

async function receiveAll(client: SQSClient, QueueUrl: string, visibility = 30): Promise<Message[]> {
  const got: Message[] = [];
  for (;;) {
    const res = await client.send(
      new ReceiveMessageCommand({
        QueueUrl,
        MaxNumberOfMessages: 10,
        VisibilityTimeout: visibility,
        MessageSystemAttributeNames: ['All'],
        MessageAttributeNames: ['All'],
      }),
    );
    if (!res.Messages?.length) return got;
    got.push(...res.Messages);
  }
}

async function counts(client: SQSClient, QueueUrl: string) {
  const { Attributes: a = {} } = await client.send(
    new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['All'] }),
  );
  return {
    visible: Number(a.ApproximateNumberOfMessages),
    inFlight: Number(a.ApproximateNumberOfMessagesNotVisible),
  };
}

describe('the local SQS stand-in with a data folder', () => {
  it('after a kill -9, redelivers what was in flight with its receive count, keeps the rest, forgets the deleted', async () => {
    const dir = newDataDir();
    const first = await startSqsProcess(dir);
    const dlq = await urlOn(first.client, 'tasks-dlq');
    const dlqArn = (
      await first.client.send(new GetQueueAttributesCommand({ QueueUrl: dlq, AttributeNames: ['QueueArn'] }))
    ).Attributes?.QueueArn as string;
    const queue = (
      await first.client.send(
        new CreateQueueCommand({
          QueueName: 'tasks',
          Attributes: {
            VisibilityTimeout: '2',
            RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount: 2 }),
          },
        }),
      )
    ).QueueUrl as string;
    const send = (body: string) =>
      first.client.send(
        new SendMessageCommand({
          QueueUrl: queue,
          MessageBody: body,
          MessageAttributes: {
            kind: { DataType: 'String', StringValue: 'task' },
            blob: { DataType: 'Binary', BinaryValue: Buffer.from([0, 1, 2, 255]) },
          },
        }),
      );
    const inFlight = await send('in flight');
    // Hidden long enough for the kill and the restart below even on a busy machine; the wait further down
    // is to this moment, not a fixed pause.
    const hiddenUntil = Date.now() + IN_FLIGHT_SECONDS * 1000;
    const [received] = (
      await first.client.send(
        new ReceiveMessageCommand({ QueueUrl: queue, VisibilityTimeout: IN_FLIGHT_SECONDS }),
      )
    ).Messages as Message[];
    expect(received?.MessageId).toBe(inFlight.MessageId);
    const deleted = await send('deleted');
    const toDelete = (await first.client.send(new ReceiveMessageCommand({ QueueUrl: queue }))).Messages?.[0];
    expect(toDelete?.MessageId).toBe(deleted.MessageId);
    await first.client.send(
      new DeleteMessageCommand({ QueueUrl: queue, ReceiptHandle: toDelete?.ReceiptHandle }),
    );
    const waiting = await send('waiting');
    await first.kill();

    const second = await startSqsProcess(dir);
    const url = await urlOn(second.client, 'tasks');
    expect(url.endsWith('/tasks')).toBe(true);
    expect(await counts(second.client, url)).toEqual({ visible: 1, inFlight: 1 });
    const [now] = await receiveAll(second.client, url);
    expect(now?.MessageId).toBe(waiting.MessageId);
    expect(now?.MD5OfBody).toBe(waiting.MD5OfMessageBody);
    expect(now?.MessageAttributes?.blob?.BinaryValue).toEqual(new Uint8Array([0, 1, 2, 255]));
    await second.client.send(new DeleteMessageCommand({ QueueUrl: url, ReceiptHandle: now?.ReceiptHandle }));
    // The message in flight when the process died comes back once its visibility timeout ends.
    await new Promise((r) => setTimeout(r, Math.max(0, hiddenUntil - Date.now()) + 300));
    const [back] = await receiveAll(second.client, url, 1);
    expect(back?.MessageId).toBe(inFlight.MessageId);
    expect(back?.Body).toBe('in flight');
    expect(back?.Attributes?.ApproximateReceiveCount).toBe('2');
    await second.kill();

    // Its third receive, after yet another restart, moves it to the dead-letter queue (maxReceiveCount 2).
    const third = await startSqsProcess(dir);
    await new Promise((r) => setTimeout(r, 1200));
    const main = await urlOn(third.client, 'tasks');
    expect(await receiveAll(third.client, main)).toEqual([]);
    const dead = await receiveAll(third.client, await urlOn(third.client, 'tasks-dlq'));
    expect(dead.map((m) => m.MessageId)).toEqual([inFlight.MessageId]);
    expect(dead[0]?.Attributes?.DeadLetterQueueSourceArn).toMatch(/:tasks$/);
    await third.kill();
  }, 60_000);

  it('loses no acknowledged message when killed in the middle of a stream of sends', async () => {
    const dir = newDataDir();
    const first = await startSqsProcess(dir);
    const queue = await urlOn(first.client, 'stream');
    const acknowledged = new Set<string>();
    let sending = true;
    const senders = Array.from({ length: 8 }, async (_, s) => {
      for (let i = 0; sending; i++) {
        try {
          const r = await first.client.send(
            new SendMessageCommand({ QueueUrl: queue, MessageBody: `${s}-${i}` }),
          );
          acknowledged.add(r.MessageId as string);
        } catch {
          return;
        }
      }
    });
    await new Promise((r) => setTimeout(r, 700));
    await first.kill();
    sending = false;
    await Promise.all(senders);
    expect(acknowledged.size).toBeGreaterThan(20);

    const second = await startSqsProcess(dir);
    const kept = new Set(
      (await receiveAll(second.client, await urlOn(second.client, 'stream'))).map((m) => m.MessageId),
    );
    const lost = [...acknowledged].filter((id) => !kept.has(id));
    expect(lost).toEqual([]);
    await second.kill();
  }, 60_000);

  it('starts over a journal whose last line a crash cut short, and drops only that line', async () => {
    const dir = newDataDir();
    const first = await startSqsProcess(dir);
    const queue = await urlOn(first.client, 'cut');
    await first.client.send(new SendMessageCommand({ QueueUrl: queue, MessageBody: 'kept' }));
    await first.kill();
    const journal = readdirSync(dir).find((f) => f.startsWith('journal-')) as string;
    appendFileSync(join(dir, journal), '{"op":"put","queue":"cut","message":{"id":"half');

    const second = await startSqsProcess(dir);
    const got = await receiveAll(second.client, await urlOn(second.client, 'cut'));
    expect(got.map((m) => m.Body)).toEqual(['kept']);
    expect(second.output()).toContain('dropped 1 journal line');
    await second.kill();
  }, 60_000);
});
