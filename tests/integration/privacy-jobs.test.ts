// Privacy jobs under stops and crashes, driven by hand on a private queue (tests/support/privacy-jobs.ts):
// a deletion that stops after a few pages resumes where it stopped and deletes each thing once; a run that
// dies holding a job is sent again by the sweep; an export that stops is built again and announced once;
// items written before they carried `owned_by` are still found (by the account's keys, or after the
// backfill). Sign-in is impossible from the request on, whatever the job has done yet.
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { requestAccountDeletion } from '../../functions/privacy/domain/account-deletion.ts';
import { requestDataExport } from '../../functions/privacy/domain/data-export.ts';
import { runPrivacyJob, sweepPrivacyJobs } from '../../functions/privacy/domain/job-runs.ts';
import {
  JOB_LEASE_SECONDS,
  JOB_QUEUE_GRACE_SECONDS,
  type JobRef,
} from '../../functions/privacy/domain/jobs.ts';
import { SqsPrivacyJobQueue } from '../../functions/privacy/sqs/sqs-privacy-job-queue.ts';
import { backfillOwners } from '../../infra/ops/backfill-owners.ts';
import { callRoute, mailsTo, newEmail, stack } from '../support/api.ts';
import { createLocalAccount } from '../support/local-account.ts';
import { bucketClient, bucketKeys, uploadDirect } from '../support/photos.ts';
import { mentioning, type PrivacyHarness, startPrivacyHarness, wholeTable } from '../support/privacy-jobs.ts';
import { pay, startCheckout, stripeApi } from '../support/stripe.ts';
import { testPhoto } from '../support/test-images.ts';

const PASSWORD = 'a long and quiet afternoon';
const DELETED = 'Your Aivatar account has been deleted';
const EXPORTED = 'Your Aivatar data export is ready';

const userIdOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as { sub: string }).sub;

let h: PrivacyHarness;
beforeAll(async () => {
  h = await startPrivacyHarness();
});
afterAll(() => h.stop());

/** An account with a password, a photo, a paid pack (Stripe customer, checkout, payment) and an avatar. */
async function account(o: { tasks?: number } = {}) {
  const email = newEmail('jobs');
  const token = await createLocalAccount(stack(), email, { password: PASSWORD });
  const userId = userIdOf(token);
  await callRoute('photoConsent', { token, body: { processing: true, rights: true } });
  await uploadDirect(token, [{ name: 'me.jpg', bytes: await testPhoto() }]);
  await pay(await startCheckout(token, 'pack-10', 10));
  await bucketClient().send(
    new PutObjectCommand({
      Bucket: stack().mediaBucket,
      Key: `results/${userId}/t1.png`,
      Body: Buffer.from('an avatar'),
    }),
  );
  // Tasks of a long history: the partition then takes several pages.
  const db = createDocumentClient(stack().dynamoEndpoint);
  const tasks = Array.from({ length: o.tasks ?? 0 }, (_, i) => ({
    PutRequest: {
      Item: {
        pk: `USER#${userId}`,
        sk: `TASK#${String(i).padStart(6, '0')}`,
        user_id: userId,
        status: 'DONE',
      },
    },
  }));
  for (let i = 0; i < tasks.length; i += 25) {
    await db.send(new BatchWriteCommand({ RequestItems: { [stack().tableName]: tasks.slice(i, i + 25) } }));
  }
  db.destroy();
  const customerId = (await h.user(userId)).stripeCustomerId as string;
  expect(customerId).toMatch(/^cus_/);
  return { email, token, userId, customerId };
}

/** The request's job message is on the private queue (with, maybe, hand-overs and other files' jobs). */
async function onQueue(job: JobRef): Promise<JobRef> {
  expect(await h.takeMessages()).toContainEqual(job);
  return job;
}

const deletionOf = (statusId: string): JobRef => ({
  kind: 'deletion',
  ref: h.request.ids.hashSecret(statusId),
});

/** What a person trying to get back in meets: the session, the password, a login link. */
async function signInRefused(email: string, token: string) {
  expect((await callRoute('userInfo', { token })).status).toBe(401);
  const login = await callRoute('login', { body: { email, password: PASSWORD } });
  expect(login.status).toBe(401);
  expect(login.body.msg).toBe('No account found with this email.');
  expect((await callRoute('sendLoginLink', { body: { email } })).status).toBe(404);
}

describe('an account deletion job', () => {
  it('stopped after a few pages, resumes where it stopped: each thing is deleted once and nothing signs in meanwhile', async () => {
    const { email, token, userId, customerId } = await account({ tasks: 90 });
    const before = mentioning(await wholeTable(), userId, email).length;
    expect(before).toBeGreaterThan(95);
    const started = await requestAccountDeletion(h.request, await h.user(userId), { password: PASSWORD });
    expect(started.status.state).toBe('queued');
    await signInRefused(email, token);
    const job = await onQueue(deletionOf(started.id));

    // The first run stops after 8 pages (the customer, the files, some items), as a run cut short would.
    expect(await runPrivacyJob(h.job, job, { pages: 8 })).toBe('paused');
    const mid = await callRoute('accountDeletionStatus', { params: { deletionId: started.id } });
    expect(mid.body).toMatchObject({ state: 'running' });
    const left = mentioning(await wholeTable(), userId).filter(
      (i) => !String(i.pk).startsWith('DELETION#'),
    ).length;
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(before);
    await signInRefused(email, token);

    // Then short runs until it is done: each picks up where the last stopped.
    let runs = 1;
    while ((await runPrivacyJob(h.job, job, { pages: 2 })) !== 'done') {
      runs++;
      expect(runs).toBeLessThan(60);
    }
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(mentioning(await wholeTable(), userId, email, customerId).map((i) => `${i.pk} ${i.sk}`)).toEqual(
      [],
    );
    expect((await bucketKeys()).filter((k) => k.includes(userId))).toEqual([]);
    expect((await stripeApi().customers.retrieve(customerId)).deleted).toBe(true);
    expect((await mailsTo(email)).filter((m) => m.subject === DELETED)).toHaveLength(1);
    const done = await callRoute('accountDeletionStatus', { params: { deletionId: started.id } });
    expect(done.body).toMatchObject({ state: 'done', steps_done: done.body.steps_total });
    expect(done.body.items_deleted).toBeGreaterThanOrEqual(before);

    // A late copy of the message finds the job done and does nothing again.
    expect(await runPrivacyJob(h.job, job)).toBe('finished');
    expect((await mailsTo(email)).filter((m) => m.subject === DELETED)).toHaveLength(1);
    await signInRefused(email, token);
  });

  it('a run that dies holding the job is sent again by the sweep once its lease has run out', async () => {
    const email = newEmail('jobs-crash');
    const token = await createLocalAccount(stack(), email, { password: PASSWORD });
    const userId = userIdOf(token);
    const started = await requestAccountDeletion(h.request, await h.user(userId), { password: PASSWORD });
    const job = await onQueue(deletionOf(started.id));
    // A run claims the job and dies on the spot: no page, no release.
    expect((await h.job.jobs.claim(job, h.clock.now())).kind).toBe('claimed');
    // A second copy of the message meanwhile leaves it to that run.
    expect(await runPrivacyJob(h.job, job)).toBe('busy');
    expect((await sweepPrivacyJobs(h.job)).requeued).not.toContainEqual(job);
    try {
      h.clock.offset = JOB_LEASE_SECONDS + 1;
      expect((await sweepPrivacyJobs(h.job)).requeued).toContainEqual(job);
      expect(await h.takeMessages()).toContainEqual(job);
      expect(await runPrivacyJob(h.job, job)).toBe('done');
    } finally {
      h.clock.offset = 0;
    }
    expect(mentioning(await wholeTable(), userId).map((i) => `${i.pk} ${i.sk} ${i.state}`)).toEqual([]);
  });
});

describe('a data export job', () => {
  it('stopped while building, is built again from the start and announced once', async () => {
    const { email, token, userId } = await account();
    const first = await requestDataExport(h.request, await h.user(userId));
    // Asking again while it is prepared answers the same export.
    expect((await requestDataExport(h.request, await h.user(userId))).id).toBe(first.id);
    const job = await onQueue({ kind: 'export', userId, exportId: first.id });
    expect(await runPrivacyJob(h.job, job, { pages: 2 })).toBe('paused');
    expect((await callRoute('latestAccountExport', { token })).body.export).toMatchObject({
      id: first.id,
      state: 'running',
    });
    const notYet = await callRoute('accountExportDownload', { token, params: { exportId: first.id } });
    expect(notYet.status).toBe(404);

    expect(await runPrivacyJob(h.job, job)).toBe('done');
    expect(await runPrivacyJob(h.job, job)).toBe('finished');
    expect((await mailsTo(email)).filter((m) => m.subject === EXPORTED)).toHaveLength(1);
    const latest = (await callRoute('latestAccountExport', { token })).body.export;
    expect(latest).toMatchObject({ id: first.id, state: 'ready' });
    const download = await callRoute('accountExportDownload', { token, params: { exportId: first.id } });
    const files = unzipSync(new Uint8Array(await (await fetch(download.body.url)).arrayBuffer()));
    expect(download.body.size).toBe(latest?.size);
    const records = JSON.parse(new TextDecoder().decode(files['records.json'])) as { type: string }[];
    // Found through the owned index: the checkout and payment live outside the partition.
    expect(records.map((r) => r.type)).toEqual(
      expect.arrayContaining(['PHOTO', 'CHECKOUT', 'PAYMENT', 'CUSTOMER']),
    );
    expect(Object.keys(files).filter((f) => f.startsWith('photos/'))).toHaveLength(1);
    expect(files['avatars/t1.png']).toBeDefined();
    expect(JSON.stringify(records)).not.toContain('owned_by');
  });

  it('whose message never went out (SQS unreachable) is sent by the sweep after the queue grace period', async () => {
    const email = newEmail('jobs-lost');
    const token = await createLocalAccount(stack(), email);
    const userId = userIdOf(token);
    const nowhere = new SqsPrivacyJobQueue(h.sqs.client, `${h.queue.url}-gone`);
    const started = await requestDataExport({ ...h.request, queue: nowhere }, await h.user(userId));
    expect(started.state).toBe('queued');
    expect((await h.takeMessages()).filter((j) => j.kind === 'export' && j.exportId === started.id)).toEqual(
      [],
    );
    try {
      h.clock.offset = JOB_QUEUE_GRACE_SECONDS + 1;
      const report = await sweepPrivacyJobs(h.job);
      const job: JobRef = { kind: 'export', userId, exportId: started.id };
      expect(report.requeued).toContainEqual(job);
      expect(
        await runPrivacyJob(
          h.job,
          (await h.takeMessages()).find((j) => j.kind === 'export' && j.exportId === started.id) as JobRef,
        ),
      ).toBe('done');
    } finally {
      h.clock.offset = 0;
    }
    expect((await callRoute('latestAccountExport', { token })).body.export?.state).toBe('ready');
  });
});

describe('items written before they carried owned_by', () => {
  it('are found by the keys the account names, and the rest once the backfill has run', async () => {
    const { email, token, userId, customerId } = await account();
    const db = createDocumentClient(stack().dynamoEndpoint);
    // As an older version wrote them: no owned_by outside the partition.
    const outside = (await wholeTable()).filter(
      (i) => i.owned_by === `USER#${userId}` || i.owned_by === `EMAIL#${email}`,
    );
    expect(outside.map((i) => String(i.pk).split('#')[0])).toEqual(
      expect.arrayContaining(['EMAIL', 'CUSTOMER', 'CHECKOUT', 'PAYMENT', 'RATE']),
    );
    for (const i of outside) {
      await db.send(
        new UpdateCommand({
          TableName: stack().tableName,
          Key: { pk: i.pk, sk: i.sk },
          UpdateExpression: 'REMOVE owned_by',
        }),
      );
    }
    const exportTypes = async () => {
      const started = await requestDataExport(h.request, await h.user(userId));
      const job = (await h.takeMessages()).find(
        (j) => j.kind === 'export' && j.exportId === started.id,
      ) as JobRef;
      expect(await runPrivacyJob(h.job, job)).toBe('done');
      const download = await callRoute('accountExportDownload', { token, params: { exportId: started.id } });
      const files = unzipSync(new Uint8Array(await (await fetch(download.body.url)).arrayBuffer()));
      return (JSON.parse(new TextDecoder().decode(files['records.json'])) as { type: string }[]).map(
        (r) => r.type,
      );
    };
    const named = await exportTypes();
    expect(named).toContain('CUSTOMER');
    expect(named).not.toContain('CHECKOUT');

    const { updated } = await backfillOwners(db, stack().tableName);
    expect(updated).toBeGreaterThanOrEqual(outside.length);
    // The next export is asked for once the first is ready: it is a new one.
    expect(await exportTypes()).toEqual(expect.arrayContaining(['CUSTOMER', 'CHECKOUT', 'PAYMENT']));

    const deletion = await requestAccountDeletion(h.request, await h.user(userId), { password: PASSWORD });
    expect(await runPrivacyJob(h.job, await onQueue(deletionOf(deletion.id)))).toBe('done');
    expect(mentioning(await wholeTable(), userId, email, customerId)).toEqual([]);
    db.destroy();
  });
});
