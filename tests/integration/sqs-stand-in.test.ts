// The local SQS stand-in, driven by the real @aws-sdk/client-sqs: what the task queue and the worker rely
// on behaves as SQS documents it (messages, checksums, visibility, receive counts, dead letters, long polls).
import { createHash } from 'node:crypto';
import {
  ChangeMessageVisibilityCommand,
  CreateQueueCommand,
  DeleteMessageBatchCommand,
  DeleteMessageCommand,
  GetQueueUrlCommand,
  QueueDoesNotExist,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  TooManyEntriesInBatchRequest,
} from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSqs, type TestSqs } from '../support/local-sqs.ts';

let t: TestSqs;
beforeAll(async () => {
  t = await startTestSqs();
});
afterAll(() => t.stop());

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');
const receive = (
  QueueUrl: string,
  more: Partial<ConstructorParameters<typeof ReceiveMessageCommand>[0]> = {},
) =>
  t.client.send(
    new ReceiveMessageCommand({
      QueueUrl,
      MaxNumberOfMessages: 10,
      MessageSystemAttributeNames: ['All'],
      MessageAttributeNames: ['All'],
      ...more,
    }),
  );

describe('the local SQS stand-in, through the real SDK', () => {
  it('finds a queue by name and answers QueueDoesNotExist, as the SDK names it, for an unknown one', async () => {
    const q = await t.newQueue();
    const name = q.url.split('/').pop() as string;
    expect((await t.client.send(new GetQueueUrlCommand({ QueueName: name }))).QueueUrl).toBe(q.url);
    const missing = await t.client
      .send(new GetQueueUrlCommand({ QueueName: 'no-such-queue' }))
      .catch((e) => e);
    expect(missing).toBeInstanceOf(QueueDoesNotExist);
    expect(missing.$metadata.httpStatusCode).toBe(400);
    expect(missing.Code).toBe('AWS.SimpleQueueService.NonExistentQueue');
    const onMissing = await t.client
      .send(new SendMessageCommand({ QueueUrl: `${t.sqs.endpoint}/000000000000/gone`, MessageBody: 'x' }))
      .catch((e) => e);
    expect(onMissing).toBeInstanceOf(QueueDoesNotExist);
  });

  it('creating an existing queue is idempotent, but not with different attributes', async () => {
    const q = await t.newQueue({ VisibilityTimeout: '40' });
    const name = q.url.split('/').pop() as string;
    const again = await t.client.send(
      new CreateQueueCommand({ QueueName: name, Attributes: { VisibilityTimeout: '40' } }),
    );
    expect(again.QueueUrl).toBe(q.url);
    const clash = await t.client
      .send(new CreateQueueCommand({ QueueName: name, Attributes: { VisibilityTimeout: '41' } }))
      .catch((e) => e);
    expect(clash.name).toBe('QueueNameExists');
  });

  it('sends, receives and deletes a message with its attributes; the checksums are the ones AWS computes', async () => {
    const q = await t.newQueue();
    const body = '{"v":1,"task_id":"t-1","user_id":"u-1"} – é ✓';
    const sent = await t.client.send(
      new SendMessageCommand({
        QueueUrl: q.url,
        MessageBody: body,
        MessageAttributes: { SellerName: { DataType: 'String', StringValue: 'Example Store' } },
      }),
    );
    expect(sent.MD5OfMessageBody).toBe(md5(body));
    // The value AWS's documentation and SDKs give for this one attribute.
    expect(sent.MD5OfMessageAttributes).toBe('cd28f3b68aeee4b2eac9c66f2f694b58');

    const { Messages = [] } = await receive(q.url);
    expect(Messages).toHaveLength(1);
    const [m] = Messages as [NonNullable<typeof Messages>[number]];
    expect(m.MessageId).toBe(sent.MessageId);
    expect(m.Body).toBe(body);
    expect(m.MD5OfBody).toBe(md5(body));
    expect(m.MD5OfMessageAttributes).toBe('cd28f3b68aeee4b2eac9c66f2f694b58');
    expect(m.MessageAttributes?.SellerName).toEqual({ DataType: 'String', StringValue: 'Example Store' });
    expect(m.Attributes?.ApproximateReceiveCount).toBe('1');
    expect(Number(m.Attributes?.SentTimestamp)).toBeGreaterThan(Date.now() - 10_000);

    await t.client.send(new DeleteMessageCommand({ QueueUrl: q.url, ReceiptHandle: m.ReceiptHandle }));
    expect(await t.counts(q.url)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('hides a received message for the visibility timeout, then delivers it again with a higher receive count', async () => {
    const q = await t.newQueue({ VisibilityTimeout: '1' });
    await t.client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'again' }));
    const first = await receive(q.url);
    expect(first.Messages?.[0]?.Attributes?.ApproximateReceiveCount).toBe('1');
    expect((await receive(q.url)).Messages).toBeUndefined();
    expect(await t.counts(q.url)).toEqual({ visible: 0, inFlight: 1, delayed: 0 });

    const second = await receive(q.url, { WaitTimeSeconds: 3 });
    expect(second.Messages?.[0]?.MessageId).toBe(first.Messages?.[0]?.MessageId);
    expect(second.Messages?.[0]?.Attributes?.ApproximateReceiveCount).toBe('2');
    expect(second.Messages?.[0]?.ReceiptHandle).not.toBe(first.Messages?.[0]?.ReceiptHandle);
  });

  it('a stale receipt handle deletes nothing, and only a message in flight can change its visibility', async () => {
    const q = await t.newQueue();
    await t.client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'handles' }));
    const first = (await receive(q.url)).Messages?.[0];
    await t.client.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: q.url,
        ReceiptHandle: first?.ReceiptHandle,
        VisibilityTimeout: 0,
      }),
    );
    const second = (await receive(q.url)).Messages?.[0];
    expect(second?.MessageId).toBe(first?.MessageId);

    // Deleting with the first, stale handle succeeds but leaves the message, as SQS documents.
    await t.client.send(new DeleteMessageCommand({ QueueUrl: q.url, ReceiptHandle: first?.ReceiptHandle }));
    expect((await t.counts(q.url)).inFlight).toBe(1);
    const stale = await t.client
      .send(
        new ChangeMessageVisibilityCommand({
          QueueUrl: q.url,
          ReceiptHandle: first?.ReceiptHandle,
          VisibilityTimeout: 5,
        }),
      )
      .catch((e) => e);
    expect(stale.name).toBe('MessageNotInflight');
    const invalid = await t.client
      .send(new DeleteMessageCommand({ QueueUrl: q.url, ReceiptHandle: 'not-a-handle' }))
      .catch((e) => e);
    expect(invalid.name).toBe('ReceiptHandleIsInvalid');

    await t.client.send(new DeleteMessageCommand({ QueueUrl: q.url, ReceiptHandle: second?.ReceiptHandle }));
    expect(await t.counts(q.url)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });

  it('moves a message to the dead-letter queue after maxReceiveCount receives, keeping its id', async () => {
    const q = await t.newQueue({ VisibilityTimeout: '0' }, 2);
    const sent = await t.client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'poison' }));
    expect((await receive(q.url)).Messages?.[0]?.Attributes?.ApproximateReceiveCount).toBe('1');
    expect((await receive(q.url)).Messages?.[0]?.Attributes?.ApproximateReceiveCount).toBe('2');
    // The third receive finds it over the limit: it goes to the DLQ instead of being delivered.
    expect((await receive(q.url)).Messages).toBeUndefined();
    expect(await t.counts(q.url)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });

    const dead = (await receive(q.dlq?.url as string)).Messages ?? [];
    expect(dead).toHaveLength(1);
    expect(dead[0]?.MessageId).toBe(sent.MessageId);
    expect(dead[0]?.Body).toBe('poison');
    expect(dead[0]?.Attributes?.DeadLetterQueueSourceArn).toBe(q.arn);
  });

  it('long polling answers as soon as a message arrives, and after WaitTimeSeconds when none does', async () => {
    const q = await t.newQueue();
    const started = Date.now();
    const polling = receive(q.url, { WaitTimeSeconds: 5 });
    setTimeout(
      () => void t.client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'late' })),
      300,
    );
    const got = await polling;
    const waited = Date.now() - started;
    expect(got.Messages?.[0]?.Body).toBe('late');
    expect(waited).toBeGreaterThanOrEqual(250);
    // Well before the 5 s wait runs out (a loaded machine may take a while to send the message).
    expect(waited).toBeLessThan(4500);

    const emptyStart = Date.now();
    expect((await receive(q.url, { WaitTimeSeconds: 1 })).Messages).toBeUndefined();
    expect(Date.now() - emptyStart).toBeGreaterThanOrEqual(950);
  });

  it('delays a message by DelaySeconds and counts it as delayed meanwhile', async () => {
    const q = await t.newQueue();
    await t.client.send(new SendMessageCommand({ QueueUrl: q.url, MessageBody: 'later', DelaySeconds: 1 }));
    expect(await t.counts(q.url)).toEqual({ visible: 0, inFlight: 0, delayed: 1 });
    expect((await receive(q.url)).Messages).toBeUndefined();
    expect((await receive(q.url, { WaitTimeSeconds: 3 })).Messages?.[0]?.Body).toBe('later');
  });

  it('sends and deletes in batches of up to 10, reporting a bad entry on its own', async () => {
    const q = await t.newQueue();
    const res = await t.client.send(
      new SendMessageBatchCommand({
        QueueUrl: q.url,
        Entries: [
          ...Array.from({ length: 9 }, (_, i) => ({ Id: `m${i}`, MessageBody: `body ${i}` })),
          { Id: 'bad', MessageBody: 'bell \u0007' },
        ],
      }),
    );
    expect(res.Successful).toHaveLength(9);
    for (const s of res.Successful ?? []) expect(s.MD5OfMessageBody).toBe(md5(`body ${s.Id?.slice(1)}`));
    expect(res.Failed).toEqual([
      expect.objectContaining({ Id: 'bad', SenderFault: true, Code: 'InvalidMessageContents' }),
    ]);

    const tooMany = await t.client
      .send(
        new SendMessageBatchCommand({
          QueueUrl: q.url,
          Entries: Array.from({ length: 11 }, (_, i) => ({ Id: `x${i}`, MessageBody: 'x' })),
        }),
      )
      .catch((e) => e);
    expect(tooMany).toBeInstanceOf(TooManyEntriesInBatchRequest);
    const repeated = await t.client
      .send(
        new SendMessageBatchCommand({
          QueueUrl: q.url,
          Entries: [
            { Id: 'same', MessageBody: 'a' },
            { Id: 'same', MessageBody: 'b' },
          ],
        }),
      )
      .catch((e) => e);
    expect(repeated.name).toBe('BatchEntryIdsNotDistinct');

    const got = (await receive(q.url)).Messages ?? [];
    expect(got).toHaveLength(9);
    const deleted = await t.client.send(
      new DeleteMessageBatchCommand({
        QueueUrl: q.url,
        Entries: got.map((m, i) => ({ Id: `d${i}`, ReceiptHandle: m.ReceiptHandle })),
      }),
    );
    expect(deleted.Successful).toHaveLength(9);
    expect(await t.counts(q.url)).toEqual({ visible: 0, inFlight: 0, delayed: 0 });
  });
});
