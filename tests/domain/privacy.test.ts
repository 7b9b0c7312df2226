// Account deletion and data export (functions/privacy/domain) against the in-memory ports of
// tests/support/fakes/privacy.ts: the requests (confirmations, links, limits, statuses), the deletion job's steps
// (customer, settle, files, owned, partition, account, sweep, notify), its page budget and hand-over, the
// export job and the sweep of jobs nobody works on. The DynamoDB/S3 side of the same steps (keys, the owned
// index, a render in flight) stays in tests/integration/privacy-jobs.test.ts and deletion-during-render.test.ts.
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { User } from '#platform/domain/ports.ts';
import {
  accountPageLink,
  deletionStatus,
  requestAccountDeletion,
  sendDeletionLink,
} from '../../functions/privacy/domain/account-deletion.ts';
import {
  exportDownload,
  latestExport,
  requestDataExport,
} from '../../functions/privacy/domain/data-export.ts';
import { runDeletionJob } from '../../functions/privacy/domain/deletion-job.ts';
import { FACE_CHECK_NOTE } from '../../functions/privacy/domain/export-contents.ts';
import { runPrivacyJob, sweepPrivacyJobs } from '../../functions/privacy/domain/job-runs.ts';
import {
  DELETION_SETTLE_POLL_SECONDS,
  decodeJobMessage,
  describeJob,
  encodeJobMessage,
  JOB_LEASE_SECONDS,
  JOB_MAX_REQUEUES,
  JOB_QUEUE_GRACE_SECONDS,
  type QueuedJob,
} from '../../functions/privacy/domain/jobs.ts';
import { confirmationOf, limitPrivacyRequest } from '../../functions/privacy/domain/requests.ts';
import { fakePrivacy } from '../support/fakes/generation.ts';
import { FakeTeamStore } from '../support/fakes/team-store.ts';

type World = ReturnType<typeof fakePrivacy>;

async function errorOf(p: Promise<unknown>): Promise<{ code?: string; message: string }> {
  try {
    await p;
  } catch (e) {
    return e as { code?: string; message: string };
  }
  throw new Error('expected a refusal');
}

/** An account with items in its partition, outside it (owned), named by it, counters and files. */
async function account(w: World, fields: Partial<User> = {}, id = 'u1') {
  const email = `${id}@example.test`;
  const user = w.accounts.seedActive({
    id,
    email,
    passwordHash: await w.hasher.hash('correct horse'),
    stripeCustomerId: 'cus_1',
    ...fields,
  });
  const pk = `USER#${id}`;
  w.data.put({
    pk,
    sk: 'PROFILE',
    email,
    stripe_customer_id: 'cus_1',
    password_hash: 'secret',
    photo_consent: { processing: true },
  });
  for (let i = 0; i < 30; i++) w.data.put({ pk, sk: `LEDGER#${1000 + i}#e${i}`, amount: i });
  w.data.put({ pk, sk: 'PHOTO#a', filename: 'a.jpg', face: { descriptor: [1, 2] } });
  w.data.put({
    pk,
    sk: 'TASK#t1',
    status: 'DONE',
    result_file: 'studio_t1.png',
    face_box: { x: 0.3, y: 0.2, width: 0.4, height: 0.4 },
    face_landmarks: [0.31, 0.45, 0.32, 0.5],
  });
  w.data.put({ pk, sk: 'TASK#t2', status: 'DONE', result_file: 'studio_t2.png', likeness_refunded: true });
  w.data.put({ pk: 'PURCHASE#p1', sk: 'PURCHASE', owned_by: pk, user_id: id, amount: 900 });
  w.data.put({ pk: `EMAIL#${email}`, sk: 'EMAIL', user_id: id });
  w.data.put({ pk: 'CUSTOMER#cus_1', sk: 'CUSTOMER', user_id: id });
  w.data.put({ pk: `RATE#login#${email}`, sk: 'RATE', owned_by: `EMAIL#${email}` });
  w.data.put({
    pk: 'PURCHASE#other',
    sk: 'PURCHASE',
    owned_by: 'USER#someone-else',
    user_id: 'someone-else',
  });
  for (const key of [
    `photos/${id}/a.jpg`,
    `thumbs/${id}/a.webp`,
    `results/${id}/studio_t1.png`,
    `results/${id}/studio_t2.png`,
    `results/someone-else/x.png`,
  ])
    w.files.put(key, new TextEncoder().encode(key));
  return user;
}

describe('account deletion, the request', () => {
  it('with the password: ends the sessions, records the job and queues it', async () => {
    const w = fakePrivacy();
    const user = await account(w);
    const { id, status } = await requestAccountDeletion(w.requests, user, { password: 'correct horse' });
    expect(status).toMatchObject({ state: 'queued', steps_done: 0, steps_total: 8, items_deleted: 0 });
    expect(w.accounts.peek(user.id)?.sessionVersion).toBe(user.sessionVersion + 1);
    expect(await w.jobs.users().getById(user.id)).toBeNull();
    expect(w.queue.sent).toEqual([
      { job: { kind: 'deletion', ref: w.ids.hashSecret(id) }, delaySeconds: undefined },
    ]);
    expect(await deletionStatus(w.requests, id)).toMatchObject({ state: 'queued' });
    // A second request from the same (now ended) session is refused.
    expect(
      await errorOf(requestAccountDeletion(w.requests, user, { password: 'correct horse' })),
    ).toMatchObject({
      code: 'SESSION_REVOKED',
    });
  });

  it('refuses a wrong password, a missing one, a bad or expired link', async () => {
    const w = fakePrivacy();
    const user = await account(w);
    expect(await errorOf(requestAccountDeletion(w.requests, user, { password: 'nope' }))).toMatchObject({
      code: 'CURRENT_PASSWORD_WRONG',
      message: 'Your password is incorrect.',
    });
    const google = await account(w, { passwordHash: null }, 'u2');
    expect((await errorOf(requestAccountDeletion(w.requests, google, { password: 'x' }))).message).toBe(
      'Your account has no password: confirm with the link we email you instead.',
    );
    const badLink = 'This deletion link is invalid or has expired. Ask for a new one from your account page.';
    expect((await errorOf(requestAccountDeletion(w.requests, google, { code: 'whatever' }))).message).toBe(
      badLink,
    );
    await sendDeletionLink(w.requests, google);
    const mail = w.mailer.to(google.email)[0];
    expect(mail?.subject).toBe('Confirm the deletion of your Aivatar account');
    const code = new URL(/https:\S+/.exec(mail?.text ?? '')?.[0] ?? '').searchParams.get('delete') as string;
    w.clock.advance(31 * 60);
    expect((await errorOf(requestAccountDeletion(w.requests, google, { code }))).message).toBe(badLink);
    await sendDeletionLink(w.requests, google);
    const fresh = new URL(
      /https:\S+/.exec(w.mailer.to(google.email)[0]?.text ?? '')?.[0] ?? '',
    ).searchParams.get('delete') as string;
    expect((await requestAccountDeletion(w.requests, google, { code: fresh })).status.state).toBe('queued');
    expect(await errorOf(deletionStatus(w.requests, 'short'))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('reads the confirmation from the body, and limits the costly requests', async () => {
    expect(confirmationOf({ password: 'p' })).toEqual({ password: 'p' });
    expect(confirmationOf({ code: 'c' })).toEqual({ code: 'c' });
    expect(() => confirmationOf({ password: 'p', code: 'c' })).toThrow(
      'Confirm the deletion with your password or with the link we email you.',
    );
    const w = fakePrivacy();
    for (let i = 0; i < 3; i++) await limitPrivacyRequest(w.requests, 'export', 'u1');
    expect(await errorOf(limitPrivacyRequest(w.requests, 'export', 'u1'))).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please try again later.',
    });
    await limitPrivacyRequest(w.requests, 'export', 'u2');
  });
});

describe('the deletion job', () => {
  async function requested(w: World, fields: Partial<User> = {}) {
    const user = await account(w, fields);
    const { id } = await requestAccountDeletion(w.requests, user, { password: 'correct horse' });
    return { user, ref: w.ids.hashSecret(id), id };
  }

  it("deletes the customer, the files, the owned, named and partition items, the address's counters, then emails", async () => {
    const w = fakePrivacy();
    const { user, ref, id } = await requested(w);
    expect(await runPrivacyJob(w.run, { kind: 'deletion', ref })).toBe('done');
    expect(w.customers.deleted).toEqual(['cus_1']);
    expect([...w.bucket.keys()]).toEqual(['results/someone-else/x.png']);
    expect([...w.data.items.values()].map((i) => i.pk)).toEqual(['PURCHASE#other']);
    expect(w.mailer.to(user.email).map((m) => m.subject)).toEqual(['Your Aivatar account has been deleted']);
    expect(w.metrics.values.AccountsDeleted).toEqual([1]);
    const status = await deletionStatus(w.requests, id);
    expect(status).toMatchObject({ state: 'done', steps_done: 8, files_deleted: 4 });
    // 30 ledger entries, profile, photo, 2 tasks (partition); purchase, email claim, customer (outside); counter.
    expect(status.items_deleted).toBe(30 + 1 + 1 + 2 + 3 + 1);
    // A finished job keeps nothing personal, and a late message changes nothing.
    expect(await w.jobs.deletion(ref)).toMatchObject({ email: '', userId: '' });
    expect(await runDeletionJob(w.run, ref)).toBe('finished');
    expect(w.mailer.sent).toHaveLength(1);
  });

  it('waits for a render in flight, looking again soon, then goes on', async () => {
    const w = fakePrivacy();
    const { ref, user } = await requested(w, { stripeCustomerId: null });
    w.data.put({
      pk: `USER#${user.id}`,
      sk: 'TASK#t3',
      status: 'IN_PROGRESS',
      lease_until: w.clock.now() + 100,
    });
    expect(await runPrivacyJob(w.run, { kind: 'deletion', ref })).toBe('waiting');
    expect(w.queue.sent.at(-1)).toEqual({
      job: { kind: 'deletion', ref },
      delaySeconds: DELETION_SETTLE_POLL_SECONDS,
    });
    expect(w.jobs.runState({ kind: 'deletion', ref })).toMatchObject({
      claimedUntil: null,
      checkAt: w.clock.now() + 100,
    });
    expect(w.bucket.size).toBe(5);
    w.clock.advance(101);
    expect(await runPrivacyJob(w.run, { kind: 'deletion', ref })).toBe('done');
    expect(w.customers.deleted).toEqual([]);
  });

  it('stops at its page budget and hands over to a new message, resuming where it stopped', async () => {
    const w = fakePrivacy();
    const { ref } = await requested(w);
    const outcomes = [];
    for (let i = 0; i < 20; i++) {
      const outcome = await runPrivacyJob(w.run, { kind: 'deletion', ref }, { pages: 2 });
      outcomes.push(outcome);
      if (outcome === 'done') break;
    }
    expect(outcomes.at(-1)).toBe('done');
    expect(outcomes.filter((o) => o === 'paused').length).toBeGreaterThan(2);
    expect(w.queue.sent.filter((s) => s.job.kind === 'deletion').length).toBe(outcomes.length);
    expect(w.customers.deleted).toEqual(['cus_1']);
    expect(w.mailer.sent.filter((m) => m.subject.includes('deleted'))).toHaveLength(1);
    expect([...w.data.items.values()].map((i) => i.pk)).toEqual(['PURCHASE#other']);
  });

  it('lets one run hold a job: a duplicate message is busy, a run whose lease was taken over writes nothing', async () => {
    const w = fakePrivacy();
    const { ref } = await requested(w);
    const job = { kind: 'deletion', ref } as const;
    const first = await w.jobs.claim(job, w.clock.now());
    expect(await runDeletionJob(w.run, ref)).toBe('busy');
    w.clock.advance(JOB_LEASE_SECONDS + 1);
    expect(await runDeletionJob(w.run, ref, { pages: 1 })).toBe('paused');
    const stale = { job, attempt: first.kind === 'claimed' ? first.attempt : 0 };
    expect(await w.jobs.advance(stale, 'customer', 'settle', w.clock.now())).toBe(false);
    expect(await w.jobs.progress(stale, w.clock.now(), { items_deleted: 5 })).toBe(false);
    expect(await runDeletionJob(w.run, 'f'.repeat(64))).toBe('missing');
  });

  it('sends again the jobs nobody works on, and gives up one sent too often', async () => {
    const w = fakePrivacy();
    const { ref } = await requested(w);
    w.queue.sent.length = 0;
    expect(await sweepPrivacyJobs(w.run)).toEqual({ requeued: [], failed: [] });
    for (let i = 0; i < JOB_MAX_REQUEUES; i++) {
      w.clock.advance(JOB_QUEUE_GRACE_SECONDS + 1);
      expect((await sweepPrivacyJobs(w.run)).requeued).toEqual([{ kind: 'deletion', ref }]);
    }
    expect(w.queue.sent).toHaveLength(JOB_MAX_REQUEUES);
    w.clock.advance(JOB_QUEUE_GRACE_SECONDS + 1);
    expect(await sweepPrivacyJobs(w.run)).toEqual({ requeued: [], failed: [{ kind: 'deletion', ref }] });
    expect(w.metrics.values.PrivacyJobsFailed).toEqual([1]);
    expect((await w.jobs.deletion(ref))?.state).toBe('failed');
  });

  /** The account (u1) a plain member of someone else's team, which it joined by a link. */
  async function member(w: World) {
    const teams = new FakeTeamStore();
    const teamId = 'team-1';
    await teams.createTeam(
      {
        id: teamId,
        name: 'Acme',
        ownerId: 'boss',
        domains: ['example.test'],
        lang: 'en',
        seatsTotal: 0,
        seatsUsed: 0,
        allowed: { styles: null, combos: null },
        createdAt: w.clock.now(),
        dissolvedAt: null,
      },
      { memberId: 'm-boss', email: 'boss@example.test' },
    );
    teams.creditSeats(teamId, 2);
    await teams.saveLink({
      teamId,
      linkId: 'l1',
      codeHash: 'c'.repeat(64),
      domains: ['example.test'],
      maxUses: 5,
      uses: 0,
      expiresAt: w.clock.now() + 86_400,
      revokedAt: null,
      createdAt: w.clock.now(),
    });
    const joined = await teams.join({
      teamId,
      user: { id: 'u1', email: 'u1@example.test' },
      memberId: 'm1',
      invited: false,
      linkId: 'l1',
      allowance: 40,
      photosReadyUntil: null,
      now: w.clock.now(),
    });
    expect(joined).toEqual({ ok: true, memberId: 'm1' });
    return { teams, teamId };
  }
  const archivesAsked = (w: World) =>
    w.queue.sent.flatMap(({ job }) => (job.kind === 'team-archive' ? [job.teamId] : []));

  it("tells the member's team once that its set of chosen headshots changed", async () => {
    const w = fakePrivacy();
    const { teams, teamId } = await member(w);
    const { ref } = await requested(w);
    expect(await runPrivacyJob({ ...w.run, teams }, { kind: 'deletion', ref })).toBe('done');
    expect(await teams.teamOf('u1')).toBeNull();
    expect(await teams.getMember(teamId, 'm1')).toMatchObject({ userId: null, chosen: null });
    expect(archivesAsked(w)).toEqual([teamId]);
    // Nothing of the team stays on the finished job either.
    expect(await w.jobs.deletion(ref)).toMatchObject({ teamId: null });
  });

  it('tells the team even when the run dies after the member left: the next run sends it', async () => {
    const w = fakePrivacy();
    const { teams, teamId } = await member(w);
    const { ref } = await requested(w);
    let dies = true;
    const queue: typeof w.queue = Object.assign(Object.create(w.queue), {
      send: async (job: QueuedJob, o?: { delaySeconds?: number }) => {
        if (job.kind === 'team-archive' && dies) {
          dies = false;
          throw new Error('the function timed out');
        }
        return w.queue.send(job, o);
      },
    });
    const deps = { ...w.run, teams, queue };
    await expect(runPrivacyJob(deps, { kind: 'deletion', ref })).rejects.toThrow('timed out');
    expect(await teams.teamOf('u1')).toBeNull();
    expect(archivesAsked(w)).toEqual([]);
    // Its lease runs out; the message comes back.
    w.clock.advance(JOB_LEASE_SECONDS + 1);
    expect(await runPrivacyJob(deps, { kind: 'deletion', ref })).toBe('done');
    expect(archivesAsked(w)).toEqual([teamId]);
  });

  it('tells the team once the queue takes messages again, the deletion waiting for it', async () => {
    const w = fakePrivacy();
    const { teams, teamId } = await member(w);
    const { ref } = await requested(w);
    const deps = { ...w.run, teams };
    w.queue.down = true;
    expect(await runPrivacyJob(deps, { kind: 'deletion', ref })).toBe('paused');
    expect(await teams.teamOf('u1')).toBeNull();
    w.queue.down = false;
    // The sweep sends the job again (its hand-over message was not sent either).
    w.clock.advance(JOB_QUEUE_GRACE_SECONDS + 1);
    expect((await sweepPrivacyJobs(deps)).requeued).toEqual([{ kind: 'deletion', ref }]);
    expect(await runPrivacyJob(deps, { kind: 'deletion', ref })).toBe('done');
    expect(archivesAsked(w)).toEqual([teamId]);
  });

  it('reads only the messages it wrote', () => {
    const ref = 'a'.repeat(64);
    expect(decodeJobMessage(encodeJobMessage({ kind: 'deletion', ref }))).toEqual({ kind: 'deletion', ref });
    expect(decodeJobMessage(encodeJobMessage({ kind: 'export', userId: 'u1', exportId: 'e_1' }))).toEqual({
      kind: 'export',
      userId: 'u1',
      exportId: 'e_1',
    });
    expect(decodeJobMessage('{"kind":"deletion","ref":"short"}')).toBeNull();
    expect(decodeJobMessage('not json')).toBeNull();
    expect(describeJob({ kind: 'deletion', ref })).toEqual({ job: 'deletion', jobRef: 'a'.repeat(12) });
    expect(describeJob({ kind: 'export', userId: 'u1', exportId: 'e' })).toEqual({
      job: 'export',
      userId: 'u1',
      exportId: 'e',
    });
  });
});

describe('data export', () => {
  it('builds the ZIP (no secrets, no face numbers, no withheld avatar), emails the link, and serves it a week', async () => {
    const w = fakePrivacy();
    const user = await account(w, { lang: 'fr' });
    const status = await requestDataExport(w.requests, user);
    expect(status).toMatchObject({ state: 'queued', size: null, expires_at: w.clock.now() + 7 * 86_400 });
    // Asking again while it is prepared answers the same export.
    expect((await requestDataExport(w.requests, user)).id).toBe(status.id);
    expect(w.queue.sent).toHaveLength(1);
    expect(await runPrivacyJob(w.run, { kind: 'export', userId: user.id, exportId: status.id })).toBe('done');
    const mail = w.mailer.to(user.email)[0];
    expect(mail?.subject).toBe('Votre export de données Aivatar est prêt');
    expect(mail?.text).toContain(accountPageLink(w.run.webUrl, 'fr', { export: status.id }));
    const latest = await latestExport(w.requests, user);
    expect(latest).toMatchObject({ id: status.id, state: 'ready' });
    const zip = unzipSync(w.bucket.get(`exports/${user.id}/${status.id}.zip`)?.bytes as Uint8Array);
    expect(Object.keys(zip).sort()).toEqual([
      'account.json',
      'avatars/studio_t1.png',
      'consents.json',
      'ledger.json',
      'photos/a.jpg',
      'records.json',
    ]);
    const text = (name: string) => new TextDecoder().decode(zip[name]);
    expect(text('account.json')).not.toContain('password_hash');
    expect(JSON.parse(text('consents.json'))).toMatchObject({ photo_consent: { processing: true } });
    expect(JSON.parse(text('ledger.json'))).toHaveLength(30);
    const records = JSON.parse(text('records.json')) as Record<string, unknown>[];
    expect(records.find((r) => r.type === 'PHOTO')).toMatchObject({
      face_check: { measured: true, note: FACE_CHECK_NOTE },
    });
    expect(JSON.stringify(records)).not.toContain('descriptor');
    // A task's face as the gallery shows it: its box, not the landmarks its edits mask with.
    expect(records.find((r) => r.result_file === 'studio_t1.png')).toMatchObject({ face_box: { x: 0.3 } });
    expect(JSON.stringify(records)).not.toContain('face_landmarks');
    expect(records.map((r) => r.type)).not.toContain('RATE');
    expect(records.map((r) => r.type)).toContain('PURCHASE');
    const download = await exportDownload(w.requests, user, status.id, 'en');
    expect(download.url).toContain('filename=aivatar-data-2026-01-01.zip');
    expect((await exportDownload(w.requests, user, status.id)).url).toContain(
      'aivatar-donnees-2026-01-01.zip',
    );
    w.clock.advance(7 * 86_400);
    expect(await errorOf(exportDownload(w.requests, user, status.id))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'This export has expired or does not exist.',
    });
    expect(await latestExport(w.requests, user)).toBeNull();
  });

  it('builds again when its run stopped, and leaves no file when the export went meanwhile', async () => {
    const w = fakePrivacy();
    const user = await account(w);
    const status = await requestDataExport(w.requests, user);
    const job = { kind: 'export', userId: user.id, exportId: status.id } as const;
    expect(await runPrivacyJob(w.run, job, { pages: 3 })).toBe('paused');
    expect(await runPrivacyJob(w.run, job, { pages: 50 })).toBe('done');
    expect(await errorOf(exportDownload(w.requests, user, 'other'))).toMatchObject({ code: 'NOT_FOUND' });

    // Asked again once this one is ready (or stuck past the grace period): a new export.
    w.clock.advance(60);
    const second = await requestDataExport(w.requests, user);
    expect(second.id).not.toBe(status.id);
    const claim = await w.jobs.claim({ ...job, exportId: second.id }, w.clock.now());
    expect(claim.kind).toBe('claimed');
    w.clock.advance(JOB_LEASE_SECONDS + 1);
    // The account's deletion took the export's record while this run built it.
    const deps = {
      ...w.run,
      files: {
        ...w.files,
        filesPage: w.files.filesPage.bind(w.files),
        read: w.files.read.bind(w.files),
        deleteFiles: w.files.deleteFiles.bind(w.files),
        downloadUrl: w.files.downloadUrl.bind(w.files),
        putExport: async (u: string, e: string, zip: Uint8Array) => {
          const key = await w.files.putExport(u, e, zip);
          w.jobs.forgetExport(u, e);
          return key;
        },
      },
    };
    expect(await runPrivacyJob(deps, { ...job, exportId: second.id })).toBe('lost');
    expect(w.bucket.has(`exports/${user.id}/${second.id}.zip`)).toBe(false);
  });
});

describe('password checks behind a deletion', () => {
  it('pause after 10 wrong passwords (the right one included), email the owner once, in their language', async () => {
    const w = fakePrivacy();
    const user = await account(w, { lang: 'fr' });
    for (let i = 0; i < 8; i++)
      expect(
        await errorOf(requestAccountDeletion(w.requests, user, { password: `wrong ${i}` })),
      ).toMatchObject({
        code: 'CURRENT_PASSWORD_WRONG',
      });
    // The last two at once: both fill the count, one email.
    await Promise.all(
      ['wrong 8', 'wrong 9'].map((password) =>
        errorOf(requestAccountDeletion(w.requests, user, { password })),
      ),
    );
    expect(
      await errorOf(requestAccountDeletion(w.requests, user, { password: 'correct horse' })),
    ).toMatchObject({
      code: 'RATE_LIMITED',
      message:
        'Too many incorrect passwords. Password checks on your account are paused for a few minutes; we have emailed you about it.',
    });
    expect(w.mailer.to(user.email)).toHaveLength(1);
    expect(w.mailer.to(user.email)[0]?.text).toContain('/fr/');
    // The pause ends a window later, and the right password then works.
    w.clock.advance(15 * 60 + 1);
    expect((await requestAccountDeletion(w.requests, user, { password: 'correct horse' })).status.state).toBe(
      'queued',
    );
  });
});
