// Login links' races on the real table. Each answer's status and message, expiry, unknown tokens and the
// web URL the links are built from are the auth handler's (tests/handlers/auth.test.ts) and the domain's
// (tests/domain/accounts.test.ts: the store gets the link's hash only).
import { describe, expect, it } from 'vitest';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { cryptoIds } from '#platform/system.ts';
import { DynamoAccountStore } from '../../functions/accounts/dynamodb/account-store.ts';
import { activatedUser, callRoute, linkTokenOf, mailsTo, randomSecret, stack } from '../support/api.ts';

describe('login links', () => {
  it('works once: of three clicks at once, one signs in and two are refused with 401', async () => {
    const { email } = await activatedUser();
    await callRoute('sendLoginLink', { body: { email } });
    const [mail] = await mailsTo(email);
    const token = linkTokenOf(mail as never);
    const uses = await Promise.all([1, 2, 3].map(() => callRoute('loginWithToken', { params: { token } })));
    expect(uses.map((u) => u.status).sort()).toEqual([200, 401, 401]);
  });

  it('works once even when two clicks both found it unused: the database decides, every time', async () => {
    const { email } = await activatedUser();
    const store = new DynamoAccountStore(createDocumentClient(stack().dynamoEndpoint), stack().tableName);
    const secret = randomSecret();
    const hash = cryptoIds.hashSecret(secret);
    const now = Math.floor(Date.now() / 1000);
    const user = await store.findByEmail(email);
    await store.saveLoginLink({ tokenHash: hash, userId: user?.id as string, expiresAt: now + 600 });
    // Both clicks read the link before either redeems it: the race, made certain.
    const [first, second] = await Promise.all([
      store.findLinkOwner(hash, now),
      store.findLinkOwner(hash, now),
    ]);
    expect(first?.id).toBe(user?.id);
    expect(second?.id).toBe(user?.id);
    const outcomes = await Promise.all([
      store.redeemLoginLink(hash, first as never, now, null),
      store.redeemLoginLink(hash, second as never, now, null),
    ]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['invalid', 'signed-in']);
    expect((await callRoute('loginWithToken', { params: { token: secret } })).status).toBe(401);
  });
});
