// The local SQS stand-in's journal: what it acknowledged is read back after a crash (here: a second broker
// opened on the folder while the first is never closed), across snapshots taken while it runs.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Broker } from '../../infra/local/sqs/broker.ts';
import { openQueueJournal } from '../../infra/local/sqs/journal.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function brokerOn(dir: string, compactAfter: number): Promise<Broker> {
  const broker = new Broker('http://127.0.0.1:1', 'eu-west-1');
  const recovered = await openQueueJournal(dir, () => broker.persisted(), { compactAfter });
  broker.restore(recovered.queues, recovered.log);
  return broker;
}

const message = (body: string) => ({
  body,
  attributes: {},
  systemAttributes: {},
  delaySeconds: null,
  senderId: 'test',
});

describe('the local SQS journal', () => {
  it('keeps every acknowledged change across snapshots taken while the queue runs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aivatar-journal-'));
    dirs.push(dir);
    const first = await brokerOn(dir, 7);
    const queue = first.createQueue('q', { VisibilityTimeout: '60' });
    for (let i = 0; i < 40; i++) queue.send(message(`m${i}`));
    await first.changesKept();
    const taken = await queue.receive(10, 60, 0);
    for (const m of taken.slice(0, 5)) queue.delete(m.ReceiptHandle);
    first.setAttributes(queue, { VisibilityTimeout: '30' });
    await first.changesKept();
    // Several snapshots were taken: one journal remains, beside the last snapshot.
    expect(readdirSync(dir).filter((f) => f.startsWith('journal-'))).toHaveLength(1);

    const second = await brokerOn(dir, 7);
    const again = second.byName('q');
    expect(again.settings.VisibilityTimeout).toBe(30);
    expect(again.counts()).toEqual({ visible: 30, inFlight: 5, delayed: 0 });
    const bodies = (await again.receive(10, 60, 0)).map((m) => m.Body);
    expect(bodies).toEqual(Array.from({ length: 10 }, (_, i) => `m${i + 10}`));
    await first.close();
    await second.close();
  });
});
