// Account deletion (privacy page: right to erasure), through the routes and the stack's own job function:
// the request ends the sessions at once; once the job is done nothing of the user is left in DynamoDB or S3
// (both scanned whole), the Stripe customer is deleted, and an email confirms it.
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { keys } from '#platform/dynamodb/keys.ts';
import { mailboxOf } from '#shared/email-address.ts';
import { callRoute, mailsTo, newEmail, stack } from '../support/api.ts';
import { createLocalAccount } from '../support/local-account.ts';
import { bucketClient, bucketKeys, uploadDirect } from '../support/photos.ts';
import { deletionDone, mentioning, wholeTable } from '../support/privacy-jobs.ts';
import { pay, startCheckout, stripeApi } from '../support/stripe.ts';
import { testPhoto } from '../support/test-images.ts';

const PASSWORD = 'a long and quiet afternoon';

const userIdOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as { sub: string }).sub;

/** An account with everything a real one gathers: password, consent, photos, a purchase, a subscription. */
async function fullAccount(o: { email?: string; lang?: 'en' | 'fr'; password?: boolean } = {}) {
  const email = o.email ?? newEmail('erase');
  const token = await createLocalAccount(stack(), email, {
    lang: o.lang ?? 'en',
    ...(o.password === false ? {} : { password: PASSWORD }),
  });
  const userId = userIdOf(token);
  expect((await callRoute('photoConsent', { token, body: { processing: true, rights: true } })).status).toBe(
    200,
  );
  const photos = await Promise.all([testPhoto(), testPhoto({ seed: 2 })]);
  await uploadDirect(token, [
    { name: 'me-1.jpg', bytes: photos[0] as Buffer },
    { name: 'me-2.jpg', bytes: photos[1] as Buffer },
  ]);
  return { email, token, userId };
}

async function withPurchases(token: string) {
  await pay(await startCheckout(token, 'pack-10', 10));
  await pay(await startCheckout(token, 'monthly-100', 100));
  const info = await callRoute('userInfo', { token });
  expect(info.body.tokens_ltd).toBe(12);
  return info;
}

/** What the generation feature stores for an account (tasks in its partition, results in the bucket). */
async function generationLeftovers(userId: string) {
  const db = createDocumentClient(stack().dynamoEndpoint);
  await db.send(
    new PutCommand({
      TableName: stack().tableName,
      Item: { pk: `USER#${userId}`, sk: 'TASK#0001', status: 'DONE', style_id: 3 },
    }),
  );
  await db.send(
    new PutCommand({
      TableName: stack().tableName,
      Item: { pk: `IDEMPOTENCY#${userId}#key-1`, sk: 'IDEMPOTENCY', batch: 'b1', owned_by: `USER#${userId}` },
    }),
  );
  // The avatar, a download size made from it and a "Download all" archive: all go with the account.
  for (const Key of [
    `results/${userId}/0001.png`,
    `result-sizes/${userId}/0001-4k.jpg`,
    `archives/${userId}/${'0'.repeat(40)}.zip`,
  ])
    await bucketClient().send(
      new PutObjectCommand({ Bucket: stack().mediaBucket, Key, Body: Buffer.from('avatar bytes') }),
    );
}

const DELETING = 'Your account is being deleted. We will email you when it is done.';

/** Asks for the deletion and waits for the job to finish; answers the request's result. */
async function deleteAndWait(token: string, body: { password: string } | { code: string }) {
  const res = await callRoute('deleteAccount', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.msg).toBe(DELETING);
  await deletionDone(res.body.deletion.id);
  return res;
}

describe('deleting an account', () => {
  it('removes every item and file of the user, the Stripe customer and the sessions, and emails a confirmation', async () => {
    const { email, token, userId } = await fullAccount();
    await withPurchases(token);
    await generationLeftovers(userId);
    const customerId = (await wholeTable()).find((i) => i.pk === `USER#${userId}` && i.sk === 'PROFILE')
      ?.stripe_customer_id as string;
    expect(customerId).toMatch(/^cus_/);
    // Before: the user is all over both stores.
    expect(mentioning(await wholeTable(), userId, email).length).toBeGreaterThan(8);
    expect((await bucketKeys()).filter((k) => k.includes(userId)).length).toBeGreaterThanOrEqual(7);

    const res = await callRoute('deleteAccount', { token, body: { password: PASSWORD } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toBe(DELETING);
    // At once: the session is over, whatever the job has done yet.
    expect((await callRoute('userInfo', { token })).status).toBe(401);
    const done = await deletionDone(res.body.deletion.id);
    expect(done.steps_done).toBe(done.steps_total);
    expect(done.items_deleted).toBeGreaterThan(8);
    expect(done.files_deleted).toBeGreaterThanOrEqual(5);

    expect(mentioning(await wholeTable(), userId, email, customerId)).toEqual([]);
    expect((await bucketKeys()).filter((k) => k.includes(userId))).toEqual([]);
    const customer = await stripeApi().customers.retrieve(customerId);
    expect(customer.deleted).toBe(true);
    const subs = await stripeApi().subscriptions.list({ customer: customerId, status: 'all' });
    expect(subs.data.every((s) => s.status === 'canceled')).toBe(true);
    expect((await callRoute('userInfo', { token })).status).toBe(401);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toContain('Your Aivatar account has been deleted');
    // Only the mailbox's bonus claim is kept, and it says nothing of who held it.
    const claim = (await wholeTable()).find((i) => i.pk === keys.bonus(mailboxOf(email)).pk);
    expect(claim?.pk).toMatch(/^BONUS#[0-9a-f]{64}$/);
    expect(claim).not.toHaveProperty('user_id');
  });

  it('lets the mailbox sign up again, as a new account without a second welcome bonus', async () => {
    const { email, token } = await fullAccount();
    await deleteAndWait(token, { password: PASSWORD });
    const again = await createLocalAccount(stack(), email, { password: PASSWORD });
    const sameMailbox = await createLocalAccount(stack(), email.replace('@', '+back@'));
    for (const t of [again, sameMailbox]) {
      expect((await callRoute('userInfo', { token: t })).body.tokens_ltd).toBe(0);
      const ledger = await callRoute('tokenLedger', { token: t });
      expect(ledger.body.entries.map((e) => [e.reason, e.amount])).toEqual([
        ['signup_bonus_already_claimed', 0],
      ]);
    }
    // A mailbox that never had an account still gets it.
    const fresh = await createLocalAccount(stack(), newEmail('erase-fresh'));
    expect((await callRoute('userInfo', { token: fresh })).body.tokens_ltd).toBe(2);
  });

  it('refuses a wrong password and keeps everything', async () => {
    const { token, userId } = await fullAccount();
    // The account's own items; a wrong password adds to its failure counter (RATE#…), which is not one.
    const accountItems = async () =>
      mentioning(await wholeTable(), userId).filter((i) => !String(i.pk).startsWith('RATE#'));
    const before = (await accountItems()).length;
    const res = await callRoute('deleteAccount', { token, body: { password: 'not my password at all' } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Your password is incorrect.');
    expect((await accountItems()).length).toBe(before);
    expect((await callRoute('userInfo', { token })).status).toBe(200);
  });

  it("never touches another account, even one whose email contains the deleted one's", async () => {
    const email = newEmail('erase');
    const other = await fullAccount({ email: `x${email}` });
    const { token, userId } = await fullAccount({ email });
    const otherBefore = mentioning(await wholeTable(), other.userId, `x${email}`).length;
    const otherFiles = (await bucketKeys()).filter((k) => k.includes(other.userId)).length;
    await deleteAndWait(token, { password: PASSWORD });
    expect(mentioning(await wholeTable(), userId)).toEqual([]);
    expect(mentioning(await wholeTable(), other.userId, `x${email}`).length).toBe(otherBefore);
    expect((await bucketKeys()).filter((k) => k.includes(other.userId)).length).toBe(otherFiles);
    expect((await callRoute('userInfo', { token: other.token })).status).toBe(200);
  });

  it('without a password: confirmed by a fresh link emailed in the account language', async () => {
    const { email, token, userId } = await fullAccount({ lang: 'fr', password: false });
    const noPassword = await callRoute('deleteAccount', { token, body: { password: 'whatever it is' } });
    expect(noPassword.status).toBe(400);
    const sent = await callRoute('requestAccountDeletionLink', { token });
    expect(sent.status).toBe(200);
    const mail = (await mailsTo(email)).find((m) => m.subject.startsWith('Confirmez la suppression'));
    expect(mail?.subject).toBe('Confirmez la suppression de votre compte Aivatar');
    const link = new URL(/https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] as string);
    expect(link.pathname).toBe('/fr/app/account');
    const code = link.searchParams.get('delete') as string;

    const wrong = await callRoute('deleteAccount', { token, body: { code: `${code.slice(0, -2)}xx` } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('INVALID_DELETION_LINK');
    // A newer link replaces the older one.
    expect((await callRoute('requestAccountDeletionLink', { token })).status).toBe(200);
    const stale = await callRoute('deleteAccount', { token, body: { code } });
    expect(stale.status).toBe(400);
    const links = (await mailsTo(email)).filter((m) => m.subject.startsWith('Confirmez la suppression'));
    expect(links).toHaveLength(2);
    const newer = links.find((m) => !m.text.includes(code));
    const fresh = new URL(/https?:\/\/\S+/.exec(newer?.text ?? '')?.[0] as string);
    await deleteAndWait(token, { code: fresh.searchParams.get('delete') as string });
    expect(mentioning(await wholeTable(), userId, email)).toEqual([]);
    expect((await mailsTo(email)).map((m) => m.subject)).toContain('Votre compte Aivatar a été supprimé');
  });

  it('asks for exactly one confirmation', async () => {
    const { token } = await fullAccount();
    for (const body of [{}, { password: PASSWORD, code: 'a'.repeat(40) }]) {
      const res = await callRoute('deleteAccount', { token, body });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('Confirm the deletion with your password or with the link we email you.');
    }
    expect((await callRoute('deleteAccount', { body: { password: PASSWORD } })).status).toBe(401);
  });
});
