// The adapters against the contracts their fakes are held to (tests/domain/port-contracts.test.ts): DynamoDB
// Local of the shared stack, a local SQS stand-in of this file's own, and the outbox mailer in a folder of its
// own. A fake that passes where its adapter fails (or the reverse) is a fake that drifted.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteMessageBatchCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll } from 'vitest';
import { DynamoRateLimiter } from '#platform/dynamodb/rate-limiter.ts';
import { OutboxMailer, readOutbox } from '#platform/mail/outbox-mailer.ts';
import { DynamoAccountStore } from '../../functions/accounts/dynamodb/account-store.ts';
import { DynamoGoogleAttempts } from '../../functions/accounts/dynamodb/google-attempts.ts';
import { DynamoBillingStore } from '../../functions/billing/dynamodb/billing-store.ts';
import { DynamoSeatCheckouts } from '../../functions/billing/dynamodb/seat-checkouts.ts';
import { listSeatPurchases } from '../../functions/billing/dynamodb/seat-purchase-list.ts';
import { DynamoWebhookStore } from '../../functions/billing/dynamodb/webhook-store.ts';
import { decodeTaskMessage, type TaskMessage } from '../../functions/generation/domain/task-queue.ts';
import { DynamoProviderBudgetStore } from '../../functions/generation/dynamodb/provider-budget-store.ts';
import { DynamoOverdueTasks } from '../../functions/generation/dynamodb/task-deadlines.ts';
import { DynamoTaskStore } from '../../functions/generation/dynamodb/task-store.ts';
import { SqsTaskQueue } from '../../functions/generation/sqs/sqs-task-queue.ts';
import { DynamoCaptureLinkStore } from '../../functions/photos/dynamodb/capture-link-store.ts';
import { DynamoPhotoStore } from '../../functions/photos/dynamodb/photo-store.ts';
import { S3PhotoFiles } from '../../functions/photos/s3/photo-files.ts';
import { DynamoDeletionCodes } from '../../functions/privacy/dynamodb/deletion-codes.ts';
import { DynamoPrivacyJobRecords } from '../../functions/privacy/dynamodb/job-records.ts';
import { DynamoPrivacyJobRuns } from '../../functions/privacy/dynamodb/job-runs.ts';
import { DynamoAdminStyleStore } from '../../functions/styles/dynamodb/admin-style-store.ts';
import { ensureTable } from '../../infra/local/dynamodb.ts';
import { accountStoreContract } from '../contracts/account-store.contract.ts';
import { adminStyleStoreContract } from '../contracts/admin-style-store.contract.ts';
import { billingStoreContract } from '../contracts/billing-store.contract.ts';
import { captureLinkStoreContract } from '../contracts/capture-link-store.contract.ts';
import { mailerContract } from '../contracts/mailer.contract.ts';
import { photoFilesContract } from '../contracts/photo-files.contract.ts';
import { photoStoreContract } from '../contracts/photo-store.contract.ts';
import { rateLimiterContract } from '../contracts/rate-limiter.contract.ts';
import { seatPurchasesContract } from '../contracts/seat-purchases.contract.ts';
import { signInAttemptsContract } from '../contracts/sign-in-attempts.contract.ts';
import { taskQueueContract } from '../contracts/task-queue.contract.ts';
import {
  privacyJobsContract,
  providerBudgetContract,
  taskStoreContract,
} from '../contracts/task-store.contract.ts';
import { webhookStoreContract } from '../contracts/webhook-store.contract.ts';
import { stack } from '../support/api.ts';
import { testDb, testS3 } from '../support/avatars.ts';
import { FakeClock } from '../support/fakes/clock.ts';
import { startTestSqs, type TestSqs } from '../support/local-sqs.ts';

const table = () => stack().tableName;

rateLimiterContract(() => {
  const clock = new FakeClock();
  return { limiter: new DynamoRateLimiter(testDb(), table(), clock), clock };
});

accountStoreContract(() => new DynamoAccountStore(testDb(), table()));

photoStoreContract(() => ({
  photos: new DynamoPhotoStore(testDb(), table()),
  accounts: new DynamoAccountStore(testDb(), table()),
}));

signInAttemptsContract(() => new DynamoGoogleAttempts(testDb(), table()));

captureLinkStoreContract(() => new DynamoCaptureLinkStore(testDb(), table()));

photoFilesContract(() => ({
  files: new S3PhotoFiles(testS3(), stack().mediaBucket),
  // As the browser does (tests/support/photos.ts postToBucket): the form's fields, then the file.
  post: async (target, _userId, _uploadId, bytes) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(target.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: target.fields['Content-Type'] }), 'photo');
    const res = await fetch(target.url, { method: 'POST', body: form });
    if (!res.ok) throw new Error(`the bucket answered ${res.status}: ${await res.text()}`);
  },
}));

seatPurchasesContract(() => ({
  store: new DynamoWebhookStore(testDb(), table()),
  recordSeatCheckout: (r) => new DynamoSeatCheckouts(testDb(), table()).recordSeatCheckout(r),
  addTeam: async (teamId, ownerId, name) => {
    await testDb().send(
      new PutCommand({
        TableName: table(),
        Item: {
          pk: `TEAM#${teamId}`,
          sk: 'TEAM',
          team_id: teamId,
          name,
          owner_id: ownerId,
          seats_total: 0,
          seats_used: 0,
        },
      }),
    );
  },
  purchases: (teamId, now) => listSeatPurchases(testDb(), table(), teamId, now),
}));

webhookStoreContract(() => ({
  store: new DynamoWebhookStore(testDb(), table()),
  accounts: new DynamoAccountStore(testDb(), table()),
  setTokensLtd: async (userId, tokens) => {
    await testDb().send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: `USER#${userId}`, sk: 'PROFILE' },
        UpdateExpression: 'SET tokens_ltd = :t',
        ExpressionAttributeValues: { ':t': tokens },
      }),
    );
  },
}));

billingStoreContract(() => ({
  billing: new DynamoBillingStore(testDb(), table()),
  accounts: new DynamoAccountStore(testDb(), table()),
  // As the webhook store writes it (functions/billing/dynamodb/billing-credits.ts applySubscription).
  setSubscriptionStatus: async (userId, status) => {
    await testDb().send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: `USER#${userId}`, sk: 'PROFILE' },
        UpdateExpression: 'SET subscription_id = :id, subscription_status = :s',
        ExpressionAttributeValues: { ':id': 'sub_1', ':s': status },
      }),
    );
  },
}));

// A table of their own: every style lives in one partition, and the shared table's catalogue must stay as the
// other files expect it. One table per test: ids and the audit log start afresh, as in a new fake.
adminStyleStoreContract(async () => {
  const name = `contract-styles-${randomUUID().slice(0, 8)}`;
  await ensureTable(stack().dynamoEndpoint, name);
  return new DynamoAdminStyleStore(testDb(), name);
});

const outbox = mkdtempSync(join(tmpdir(), 'aivatar-contract-outbox-'));
afterAll(() => rmSync(outbox, { recursive: true, force: true }));
mailerContract(() => ({
  mailer: new OutboxMailer(outbox, 'Aivatar <noreply@example.test>'),
  sentTo: (to) => readOutbox(outbox, { to }),
}));

let sqs: TestSqs;
beforeAll(async () => {
  sqs = await startTestSqs();
});
afterAll(() => sqs.stop());

taskQueueContract(async () => {
  const { url } = await sqs.newQueue();
  const receiveAll = async (): Promise<TaskMessage[]> => {
    const out: TaskMessage[] = [];
    for (;;) {
      const { Messages = [] } = await sqs.client.send(
        new ReceiveMessageCommand({ QueueUrl: url, MaxNumberOfMessages: 10, WaitTimeSeconds: 0 }),
      );
      if (Messages.length === 0) return out;
      for (const m of Messages) {
        const decoded = decodeTaskMessage(m.Body ?? '');
        if (decoded) out.push(decoded);
      }
      await sqs.client.send(
        new DeleteMessageBatchCommand({
          QueueUrl: url,
          Entries: Messages.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle as string })),
        }),
      );
    }
  };
  return {
    queue: new SqsTaskQueue(sqs.client, url),
    receiveAll,
    unavailable: new SqsTaskQueue(sqs.client, `${url}-gone`),
  };
});

// Generation and privacy (tests/contracts/task-store.contract.ts), in the shared table: every test has accounts,
// days and job refs of its own.
taskStoreContract(() => {
  const tasks = new DynamoTaskStore(testDb(), table());
  const deadlines = new DynamoOverdueTasks(testDb(), table());
  return {
    tasks: Object.assign(tasks, { overdue: deadlines.overdue.bind(deadlines) }),
    accounts: new DynamoAccountStore(testDb(), table()),
    setBalance: async (userId, b) => {
      await testDb().send(
        new UpdateCommand({
          TableName: table(),
          Key: { pk: `USER#${userId}`, sk: 'PROFILE' },
          UpdateExpression: 'SET tokens_subscription = :s, tokens_ltd = :l',
          ExpressionAttributeValues: { ':s': b.subscription, ':l': b.ltd },
        }),
      );
    },
  };
});

providerBudgetContract(() => new DynamoProviderBudgetStore(testDb(), table()));

privacyJobsContract(() => {
  const records = new DynamoPrivacyJobRecords(testDb(), table());
  const runs = new DynamoPrivacyJobRuns(testDb(), table());
  return {
    jobs: Object.assign(runs, {
      recordDeletion: records.recordDeletion.bind(records),
      recordExport: records.recordExport.bind(records),
    }),
    codes: new DynamoDeletionCodes(testDb(), table()),
    accounts: new DynamoAccountStore(testDb(), table()),
  };
});
