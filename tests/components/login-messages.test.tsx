// The login page's messages (docs/product.md, "Login" and "Login link request"): each server error code
// -> its exact text and follow-up action, in English and French, with the API stubbed at fetch. The real
// server's answers are checked by the integration tests; the page's words are checked here.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { copy, LANGS } from '../browser/copy.ts';
import { apiStub, fail, ok, type Reply } from './support/api-stub.ts';
import { aUser, currentLocation, type Rendered, renderApp } from './support/render.tsx';

const EMAIL = 'someone@example.com';

/** Text as a reader sees it: French's no-break spaces as spaces. */
const plain = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

const NETWORK = {
  en: 'Network error. Please check your connection and try again.',
  fr: 'Erreur réseau. Vérifiez votre connexion et réessayez.',
} as const;
const MISSING_FIELDS = {
  en: 'Please enter both your email and password to login.',
  fr: 'Veuillez saisir votre adresse e-mail et votre mot de passe pour vous connecter.',
} as const;

for (const lang of LANGS) {
  const c = copy[lang];

  describe(`login page messages (${lang})`, () => {
    async function openLogin(): Promise<Rendered> {
      const page = await renderApp(`${c.prefix}/login`);
      await screen.findByRole('button', { name: c.logIn });
      return page;
    }

    async function logIn({ user }: Rendered, email = EMAIL, password = 'a-password-1') {
      if (email) await user.type(screen.getByLabelText(c.email), email);
      if (password) await user.type(screen.getByLabelText(c.password, { exact: true }), password);
      await user.click(screen.getByRole('button', { name: c.logIn }));
    }

    const alert = () => screen.findByRole('alert');
    /** The message's text without its action button's: an error (role alert) or, with `status`, good news. */
    const alertText = async (role: 'alert' | 'status' = 'alert') => {
      const el = await screen.findByRole(role);
      return plain(el.querySelector('.alert__text')?.textContent);
    };

    // What each failure of POST /login says, and which action it offers (none: null).
    const loginFailures: [string, Reply, string, string | null][] = [
      [
        'no account with this email',
        fail(401, 'UNKNOWN_LOGIN_EMAIL', 'No account found with this email.'),
        c.noAccount,
        c.signUpAction,
      ],
      ['wrong password', fail(401, 'WRONG_PASSWORD', 'Incorrect password.'), c.wrongPassword, null],
      [
        'account not activated',
        fail(403, 'ACCOUNT_NOT_ACTIVATED', 'Your account is not activated.'),
        c.notActivated,
        c.resendActivation,
      ],
      [
        'an account without a password',
        fail(401, 'PASSWORD_NOT_SET', 'No password set.'),
        c.passwordNotSet,
        c.sendLink,
      ],
      ['a body the server refused', fail(400, 'VALIDATION_FAILED', 'Bad body.'), MISSING_FIELDS[lang], null],
      ['server error', fail(500, 'SERVER_ERROR', 'Server error'), c.loginServerError, null],
      [
        "a code the page knows: the server's English, or the French of the code",
        fail(429, 'RATE_LIMITED', 'Too many attempts. Please wait a few minutes and try again.'),
        c.tooManyAttempts,
        null,
      ],
      // The product's status rules, for a code the page does not know.
      ['an unknown code answered 400', fail(400, 'NEW_400', 'x'), MISSING_FIELDS[lang], null],
      ['an unknown code answered 401', fail(401, 'NEW_401', 'x'), c.wrongPassword, null],
      ['an unknown code answered 403', fail(403, 'NEW_403', 'x'), c.notActivated, c.resendActivation],
      ['an unknown code answered 500', fail(500, 'NEW_500', 'x'), c.loginServerError, null],
      [
        'a server message the page has no text for: English shows it, French its own fallback',
        fail(422, 'SOMETHING_NEW', 'Something new went wrong.'),
        lang === 'en' ? 'Something new went wrong.' : c.loginGeneric,
        null,
      ],
    ];

    test.each(loginFailures)('log in: %s', async (_, reply, text, action) => {
      apiStub.on('login', reply);
      const page = await openLogin();
      await logIn(page);
      expect(await alertText()).toBe(plain(text));
      const buttons = within(await alert()).queryAllByRole('button');
      expect(buttons.map((b) => b.textContent)).toEqual(action ? [action] : []);
      expect(localStorage.getItem('token')).toBeNull();
      expect(apiStub.calls('login').map((r) => r.body)).toEqual([{ email: EMAIL, password: 'a-password-1' }]);
    });

    test('no answer at all: the network message', async () => {
      apiStub.on('login', () => Promise.reject(new TypeError('Failed to fetch')));
      const page = await openLogin();
      await logIn(page);
      expect(await alertText()).toBe(plain(NETWORK[lang]));
    });

    test('no password typed: asked for both, nothing sent', async () => {
      const page = await openLogin();
      await logIn(page, EMAIL, '');
      // The browser's own check stops the form first; the page's check is behind it.
      expect(apiStub.calls('login')).toEqual([]);
      const input = screen.getByLabelText<HTMLInputElement>(c.password, { exact: true });
      expect(input.required).toBe(true);
      expect(input.type).toBe('password');
      expect(screen.getByLabelText<HTMLInputElement>(c.email).type).toBe('email');
    });

    test('no account: Sign up leads to the signup page, the email filled in', async () => {
      apiStub.on('login', fail(401, 'UNKNOWN_LOGIN_EMAIL', 'No account found with this email.'));
      const page = await openLogin();
      await logIn(page);
      await page.user.click(within(await alert()).getByRole('button', { name: c.signUpAction }));
      await screen.findByRole('button', { name: c.requestActivation });
      expect(currentLocation().pathname).toBe(`${c.prefix}/signup`);
      expect(screen.getByLabelText<HTMLInputElement>(c.email).value).toBe(EMAIL);
    });

    test('not activated: "Send new activation link" asks for one and says an activation link went out', async () => {
      apiStub.on('login', fail(403, 'ACCOUNT_NOT_ACTIVATED', 'Your account is not activated.'));
      apiStub.on('sendLoginLink', ok('sendLoginLink', { msg: 'sent', kind: 'activation', sent: true }));
      const page = await openLogin();
      await logIn(page);
      await page.user.click(within(await alert()).getByRole('button', { name: c.resendActivation }));
      await screen.findByText(c.activationSent(EMAIL), { exact: true });
      expect(apiStub.calls('sendLoginLink').map((r) => r.body)).toEqual([{ email: EMAIL, lang }]);
    });

    test('no password: its action sends a login link', async () => {
      apiStub.on('login', fail(401, 'PASSWORD_NOT_SET', 'No password set.'));
      apiStub.on('sendLoginLink', ok('sendLoginLink', { msg: 'sent', kind: 'login', sent: true }));
      const page = await openLogin();
      await logIn(page);
      await page.user.click(within(await alert()).getByRole('button', { name: c.sendLink }));
      await screen.findByText(c.linkSent(EMAIL), { exact: true });
      expect(screen.queryByText(c.wrongPassword)).toBeNull();
    });

    test('logged in: the success message, the session stored, then the app', async () => {
      apiStub.on('login', ok('login', { access_token: 'new-session' }));
      apiStub.on('userInfo', ok('userInfo', aUser()));
      // Where the app goes next; what it shows there is another test's.
      apiStub.on('listStyles', () => new Promise(() => {}));
      apiStub.on('listPhotos', () => new Promise(() => {}));
      const page = await openLogin();
      await logIn(page);
      expect(await alertText('status')).toBe(plain(c.loginSuccess));
      expect(localStorage.getItem('token')).toBe('new-session');
      await waitFor(() => expect(currentLocation().pathname).toBe(`${c.prefix}/app/create`), {
        timeout: 3000,
      });
    });

    // POST /send_login_link
    test('login link with no email typed: asked for one, nothing sent', async () => {
      const { user } = await openLogin();
      await user.click(screen.getByRole('button', { name: c.sendLink }));
      expect(await alertText()).toBe(c.linkEmptyEmail);
      expect(apiStub.calls('sendLoginLink')).toEqual([]);
    });

    const linkFailures: [string, Reply, string, string | null][] = [
      [
        'an unknown email',
        fail(404, 'ACCOUNT_NOT_FOUND', 'No account found with this email.'),
        c.linkNoAccount,
        c.signUpAction,
      ],
      ['an unknown code answered 404', fail(404, 'NEW_404', 'x'), c.linkNoAccount, c.signUpAction],
      [
        'too many attempts',
        fail(429, 'RATE_LIMITED', 'Too many attempts. Please wait a few minutes and try again.', {
          retry_after: 60,
        }),
        c.tooManyAttempts,
        null,
      ],
      [
        'a server message the page has no text for',
        fail(422, 'SOMETHING_NEW', 'Something new went wrong.'),
        lang === 'en' ? 'Something new went wrong.' : c.linkGeneric,
        null,
      ],
    ];

    test.each(linkFailures)('login link: %s', async (_, reply, text, action) => {
      apiStub.on('sendLoginLink', reply);
      const { user } = await openLogin();
      await user.type(screen.getByLabelText(c.email), EMAIL);
      await user.click(screen.getByRole('button', { name: c.sendLink }));
      expect(await alertText()).toBe(plain(text));
      const buttons = within(await alert()).queryAllByRole('button');
      expect(buttons.map((b) => b.textContent)).toEqual(action ? [action] : []);
    });

    test('login link sent, in the language of the page', async () => {
      apiStub.on('sendLoginLink', ok('sendLoginLink', { msg: 'sent', kind: 'login', sent: true }));
      const { user } = await openLogin();
      await user.type(screen.getByLabelText(c.email), EMAIL);
      await user.click(screen.getByRole('button', { name: c.sendLink }));
      expect(await alertText('status')).toBe(plain(c.linkSent(EMAIL)));
      expect(apiStub.calls('sendLoginLink').map((r) => r.body)).toEqual([{ email: EMAIL, lang }]);
    });
  });
}
