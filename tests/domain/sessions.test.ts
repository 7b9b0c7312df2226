// Who is calling (functions/accounts/domain/sessions.ts) and download links (functions/platform/domain/download-links.ts),
// against FakeAccountStore and the real token signers (pure code). The middleware that reads the headers is
// tested on its own (tests/handlers/middleware); a whole sign-in in tests/integration/sessions.test.ts.
import { describe, expect, it } from 'vitest';
import { issueLink, LINK_SECONDS, resolveLink } from '#platform/domain/download-links.ts';
import { changePassword } from '../../functions/accounts/domain/accounts.ts';
import { resolveSession } from '../../functions/accounts/domain/sessions.ts';
import { JwtLinkTokens } from '../../functions/accounts/jose/jwt-link-tokens.ts';
import { JwtSessionTokens } from '../../functions/accounts/jose/jwt-sessions.ts';
import { fakeAccounts } from '../support/fakes/index.ts';

const secret = 'y'.repeat(48);

function world() {
  const w = fakeAccounts();
  const links = new JwtLinkTokens({ secret, issuer: 'aivatar-test' });
  const sessionDeps = { sessions: w.sessions, users: w.store, adminEmails: ['boss@example.com'] };
  const linkDeps = { links, users: w.store, adminEmails: ['boss@example.com'] };
  return { ...w, links, sessionDeps, linkDeps };
}

describe('sessions', () => {
  it('resolve to the account, with the admin role from the record or the stage’s ADMIN_EMAILS', async () => {
    const w = world();
    const ada = w.store.seedActive({ id: 'u1', email: 'ada@example.com' });
    const boss = w.store.seedActive({ id: 'u2', email: 'boss@example.com' });
    const op = w.store.seedActive({ id: 'u3', email: 'op@example.com', role: 'admin' });
    const token = (u: typeof ada) => w.sessions.issue({ userId: u.id, sessionVersion: u.sessionVersion });
    expect(await resolveSession(w.sessionDeps, await token(ada))).toEqual(ada);
    expect((await resolveSession(w.sessionDeps, await token(boss))).role).toBe('admin');
    expect((await resolveSession(w.sessionDeps, await token(op))).role).toBe('admin');
    // Removing the email from the setting takes the role away (it was never written to the record).
    expect((await resolveSession({ ...w.sessionDeps, adminEmails: [] }, await token(boss))).role).toBe(
      'user',
    );
  });

  it('changing the password signs out the other sessions and keeps the one that changed it', async () => {
    const w = world();
    const ada = w.store.seedActive({ id: 'u1', email: 'ada@example.com' });
    const before = await w.sessions.issue({ userId: 'u1', sessionVersion: 1 });
    const { access_token } = await changePassword(w.deps, ada, { new_password: 'first password 123' });
    await expect(resolveSession(w.sessionDeps, before)).rejects.toMatchObject({
      code: 'SESSION_REVOKED',
      message: 'Your session has ended. Please log in again.',
    });
    expect((await resolveSession(w.sessionDeps, access_token)).id).toBe('u1');
  });

  it('refuse a token whose account is gone, and anything that is not a token of ours', async () => {
    const w = world();
    const gone = await w.sessions.issue({ userId: 'nobody', sessionVersion: 1 });
    await expect(resolveSession(w.sessionDeps, gone)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Your session is no longer valid. Please log in again.',
    });
    const other = new JwtSessionTokens({ secret: 'z'.repeat(48), issuer: 'aivatar-test', ttlSeconds: 60 });
    for (const t of ['', 'abc', await other.issue({ userId: 'u1', sessionVersion: 1 })]) {
      await expect(resolveSession(w.sessionDeps, t)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });
});

describe('download links', () => {
  it('open one object on one route for 5 minutes, as their user', async () => {
    const w = world();
    const ada = w.store.seedActive({ id: 'u1', email: 'ada@example.com' });
    const link = await issueLink(w.links, ada, 'resultFile', 'avatar-1.png');
    expect(link.expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThan(LINK_SECONDS - 5);
    expect(LINK_SECONDS).toBe(300);
    expect(await resolveLink(w.linkDeps, link.token, 'resultFile', 'avatar-1.png')).toEqual({
      user: ada,
      object: 'avatar-1.png',
    });
    // A ZIP's link names its set itself.
    const zip = await issueLink(w.links, ada, 'resultsZip', 'batch-1');
    expect((await resolveLink(w.linkDeps, zip.token, 'resultsZip', null)).object).toBe('batch-1');
  });

  it('refuse another file or route, and end with the session version', async () => {
    const w = world();
    const ada = w.store.seedActive({ id: 'u1', email: 'ada@example.com' });
    const link = await issueLink(w.links, ada, 'resultFile', 'avatar-1.png');
    const other = 'This download link is for another file. Please download again from the app.';
    await expect(resolveLink(w.linkDeps, link.token, 'resultFile', 'avatar-2.png')).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: other,
    });
    await expect(resolveLink(w.linkDeps, link.token, 'photoData', 'avatar-1.png')).rejects.toMatchObject({
      message: other,
    });
    // A session is not a link.
    const session = await w.sessions.issue({ userId: 'u1', sessionVersion: 1 });
    await expect(resolveLink(w.linkDeps, session, 'resultFile', 'avatar-1.png')).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    await changePassword(w.deps, ada, { new_password: 'first password 123' });
    await expect(resolveLink(w.linkDeps, link.token, 'resultFile', 'avatar-1.png')).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'This download link is no longer valid. Please log in again.',
    });
  });

  it('carry the admin role like a session', async () => {
    const w = world();
    const boss = w.store.seedActive({ id: 'u2', email: 'boss@example.com' });
    const link = await issueLink(w.links, boss, 'photoData', 'me.jpg');
    expect((await resolveLink(w.linkDeps, link.token, 'photoData', 'me.jpg')).user.role).toBe('admin');
  });
});
