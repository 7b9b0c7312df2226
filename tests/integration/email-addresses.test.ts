// What an email field accepts (a plain address only), and one signup bonus per mailbox.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callRoute, linkOf, mailsTo, newEmail, stack } from '../support/api.ts';

const SIGNUP_MESSAGE = 'Please provide a valid email address.';

describe('email addresses', () => {
  it('refuse anything but a plain local@domain with 400 and the signup message, creating nothing', async () => {
    const id = randomUUID().slice(0, 8);
    const attempts = {
      'display name': `"x"<dn-${id}@example.test>`,
      'angle brackets': `<ab-${id}@example.test>`,
      NUL: `nul-${id}\u0000@example.test`,
      'zero-width space': `zw-${id}\u200b@example.test`,
      'zero-width joiner in the domain': `zwj-${id}@exam\u200dple.test`,
      'soft hyphen': `shy-${id}@exam\u00adple.test`,
      'right-to-left override': `rtl-${id}\u202e@example.test`,
      'lone surrogate': `ls-${id}\ud800@example.test`,
      'Cyrillic a in the local part': `p\u0430ypal-${id}@example.test`,
      'quoted local part': `"q ${id}"@example.test`,
      'two dots': `a..${id}@example.test`,
      comment: `c-${id}(comment)@example.test`,
      'IP literal': `ip-${id}@[127.0.0.1]`,
      'no dot in the domain': `nd-${id}@localhost`,
      'two addresses': `a-${id}@example.test,b-${id}@example.test`,
    };
    for (const [name, email] of Object.entries(attempts)) {
      const res = await callRoute('signup', { body: { email, terms_accepted: true } });
      expect(res.status, name).toBe(400);
      expect(res.body.msg, name).toBe(SIGNUP_MESSAGE);
      expect(res.body.code, name).toBe('INVALID_EMAIL');
    }
    const all = await fetch(`${stack().apiUrl}/_local/mail`);
    expect(JSON.stringify(await all.json())).not.toContain(id);
  });

  it('accept an international domain and store it as punycode', async () => {
    const local = `idn-${randomUUID().slice(0, 8)}`;
    const res = await callRoute('signup', {
      body: { email: `${local}@bücher.example`, terms_accepted: true },
    });
    expect(res.status).toBe(200);
    expect(await mailsTo(`${local}@xn--bcher-kva.example`)).toHaveLength(1);
    const again = await callRoute('signup', {
      body: { email: `${local}@xn--bcher-kva.example`, terms_accepted: true },
    });
    expect(again.status).toBe(409);
  });
});

async function activate(email: string): Promise<string> {
  const signup = await callRoute('signup', { body: { email, terms_accepted: true } });
  expect(signup.status).toBe(200);
  const [mail] = await mailsTo(email);
  const open = await callRoute('loginWithToken', { params: { token: linkOf(mail as never).token } });
  expect(open.status).toBe(200);
  expect(open.body.activated).toBe(true);
  return open.body.access_token;
}

describe('the signup bonus', () => {
  it('goes once per mailbox: a +tag variant works but gets 0 free tokens, and the ledger says why', async () => {
    const base = newEmail('bonus');
    const first = await activate(base);
    expect((await callRoute('userInfo', { token: first })).body.tokens_ltd).toBe(2);

    // The token exchange says what activation credited, for the welcome on the first screen.
    const again = await callRoute('sendLoginLink', { body: { email: base } });
    expect(again.body.kind).toBe('login');
    const [latest] = await mailsTo(base);
    const relogin = await callRoute('loginWithToken', { params: { token: linkOf(latest as never).token } });
    expect(relogin.body).toMatchObject({ activated: false });
    expect(relogin.body.signup_bonus).toBeUndefined();

    const tagged = base.replace('@', '+again@');
    const second = await activate(tagged);
    expect((await callRoute('userInfo', { token: second })).body).toMatchObject({
      email: tagged,
      tokens_ltd: 0,
    });
    const ledger = await callRoute('tokenLedger', { token: second });
    expect(ledger.body.entries).toEqual([
      expect.objectContaining({ reason: 'signup_bonus_already_claimed', amount: 0, balance_after: 0 }),
    ]);
  });

  it('ignores dots in Gmail addresses, and googlemail.com is gmail.com', async () => {
    const name = `dots${randomUUID().slice(0, 6)}`;
    const first = await activate(`${name}@gmail.com`);
    expect((await callRoute('userInfo', { token: first })).body.tokens_ltd).toBe(2);
    const dotted = await activate(`${name.slice(0, 2)}.${name.slice(2)}@googlemail.com`);
    expect((await callRoute('userInfo', { token: dotted })).body.tokens_ltd).toBe(0);
    // Elsewhere a dot is a different mailbox.
    const other = await activate(`${name.slice(0, 2)}.${name.slice(2)}@example.test`);
    expect((await callRoute('userInfo', { token: other })).body.tokens_ltd).toBe(2);
  });

  it('is credited when the mailbox is proven: a stranger signing up a +tag first does not take it', async () => {
    const owner = newEmail('owner');
    // The stranger signs up owner+x and never activates (they cannot read the owner's mail).
    expect(
      (await callRoute('signup', { body: { email: owner.replace('@', '+x@'), terms_accepted: true } }))
        .status,
    ).toBe(200);
    const token = await activate(owner);
    expect((await callRoute('userInfo', { token })).body.tokens_ltd).toBe(2);
  });
});

describe('emailed links', () => {
  it('carry the language the user asked in, for where the page sends them next', async () => {
    const email = newEmail('lang');
    await callRoute('signup', { body: { email, terms_accepted: true, lang: 'fr' } });
    const [activation] = await mailsTo(email);
    expect(linkOf(activation as never).lang).toBe('fr');
    await callRoute('loginWithToken', { params: { token: linkOf(activation as never).token } });
    const sent = await callRoute('sendLoginLink', { body: { email, lang: 'en' } });
    expect(sent.body).toMatchObject({ kind: 'login', sent: true });
    const [login] = await mailsTo(email);
    expect(linkOf(login as never).lang).toBe('en');
  });

  it('say which email went out: an account never activated gets the activation email again', async () => {
    const email = newEmail('pending');
    await callRoute('signup', { body: { email, terms_accepted: true } });
    const res = await callRoute('sendLoginLink', { body: { email } });
    expect(res.body).toMatchObject({ kind: 'activation', sent: true });
    const [latest] = await mailsTo(email);
    expect(latest?.subject).toBe('Activate your Aivatar account');
  });
});
