// The signup page (docs/product.md, "Signup"): each server error code -> its exact text and action, the
// form's rules (an email address, the terms ticked) and what it sends, in English and French.
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { copy, LANGS } from '../browser/copy.ts';
import { apiStub, fail, ok, type Reply } from './support/api-stub.ts';
import { currentLocation, type Rendered, renderApp } from './support/render.tsx';

const EMAIL = 'someone@example.com';
const plain = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

const DONE = {
  en: {
    title: 'Check your inbox',
    detail: `We sent it to ${EMAIL}. It works once and expires after 15 minutes. Can't find it? Look in your spam folder.`,
  },
  fr: {
    title: 'Consultez votre boîte mail',
    detail: `Il a été envoyé à ${EMAIL}. Il ne fonctionne qu'une fois et expire au bout de 15 minutes. Introuvable ? Jetez un œil à vos courriers indésirables.`,
  },
} as const;

for (const lang of LANGS) {
  const c = copy[lang];

  describe(`signup page (${lang})`, () => {
    async function openSignup(): Promise<Rendered> {
      const page = await renderApp(`${c.prefix}/signup`);
      await screen.findByRole('button', { name: c.requestActivation });
      return page;
    }

    async function signUp({ user }: Rendered, { email = EMAIL, terms = true } = {}) {
      if (email) await user.type(screen.getByLabelText(c.email), email);
      if (terms) await user.click(screen.getByRole('checkbox'));
      await user.click(screen.getByRole('button', { name: c.requestActivation }));
    }

    const alertText = async () =>
      plain((await screen.findByRole('alert')).querySelector('.alert__text')?.textContent);

    const failures: [string, Reply, string, string | null][] = [
      [
        'email already registered',
        fail(409, 'EMAIL_TAKEN', 'This email is already registered.'),
        c.signupTaken,
        c.goToLogin,
      ],
      [
        'an address the browser accepts but the server does not',
        fail(400, 'INVALID_EMAIL', 'Please provide a valid email address.'),
        c.signupInvalidEmail,
        null,
      ],
      ['an unknown code answered 409', fail(409, 'NEW_409', 'x'), c.signupTaken, c.goToLogin],
      [
        'an unknown code answered 400: the English server words, or the French fallback',
        fail(400, 'NEW_400', 'Something about the address.'),
        lang === 'en' ? 'Something about the address.' : c.signupInvalidEmail,
        null,
      ],
      [
        "a server error: the English page shows the server's words, the French page never English",
        fail(500, 'SERVER_ERROR', 'Server error'),
        lang === 'en' ? 'Server error' : c.signupGeneric,
        null,
      ],
      [
        'too many attempts',
        fail(429, 'RATE_LIMITED', 'Too many attempts. Please wait a few minutes and try again.'),
        c.tooManyAttempts,
        null,
      ],
    ];

    test.each(failures)('%s', async (_, reply, text, action) => {
      apiStub.on('signup', reply);
      const page = await openSignup();
      await signUp(page);
      expect(await alertText()).toBe(plain(text));
      const buttons = within(await screen.findByRole('alert')).queryAllByRole('button');
      expect(buttons.map((b) => b.textContent)).toEqual(action ? [action] : []);
    });

    test('email already registered: "Go to login page" keeps the email', async () => {
      apiStub.on('signup', fail(409, 'EMAIL_TAKEN', 'This email is already registered.'));
      const page = await openSignup();
      await signUp(page);
      await page.user.click(
        within(await screen.findByRole('alert')).getByRole('button', { name: c.goToLogin }),
      );
      await screen.findByRole('button', { name: c.logIn });
      expect(currentLocation().pathname).toBe(`${c.prefix}/login`);
      expect(screen.getByLabelText<HTMLInputElement>(c.email).value).toBe(EMAIL);
    });

    test('sent: the terms accepted and the language go with the email; the page says where it went', async () => {
      apiStub.on('signup', ok('signup', { msg: 'Account created' }));
      const page = await openSignup();
      await signUp(page);
      await screen.findByRole('heading', { name: DONE[lang].title });
      expect(plain(screen.getByRole('status').textContent)).toBe(plain(c.signupSuccess));
      expect(screen.getByText(DONE[lang].detail)).toBeTruthy();
      expect(apiStub.calls('signup').map((r) => r.body)).toEqual([
        { email: EMAIL, terms_accepted: true, lang },
      ]);
    });

    test('form rules: the terms must be ticked and the address must be one; nothing is sent before', async () => {
      const page = await openSignup();
      const terms = screen.getByRole<HTMLInputElement>('checkbox');
      const email = screen.getByLabelText<HTMLInputElement>(c.email);
      expect(terms.required).toBe(true);
      expect(terms.checked).toBe(false);
      expect(email.required).toBe(true);
      expect(email.type).toBe('email');
      // The terms not ticked.
      await signUp(page, { terms: false });
      expect(terms.validity.valueMissing).toBe(true);
      // Not an address.
      await page.user.clear(email);
      await page.user.type(email, 'not-an-address');
      await page.user.click(terms);
      await page.user.click(screen.getByRole('button', { name: c.requestActivation }));
      expect(email.validity.typeMismatch).toBe(true);
      expect(apiStub.calls('signup')).toEqual([]);
      // The terms link opens the terms in the page's language, in a new tab.
      const link = within(terms.closest('.checkbox') as HTMLElement).getByRole('link');
      expect(link.getAttribute('href')).toBe(`${c.prefix}/terms-of-service`);
      expect(link.getAttribute('target')).toBe('_blank');
    });
  });
}
