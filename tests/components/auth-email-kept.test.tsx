// The address typed on the sign-in pages is never lost on the way between them (login and sign-up, English
// and French). Following "Sign up" or "Log in" changes the address at once, but the router draws the next
// page as a transition (react-router's BrowserRouter and MemoryRouter): the page being left stays on screen,
// and takes keys, until the next one or its spinner replaces it (20-60 ms in Chromium here, 150-300 ms with
// its CPU slowed six times). What is typed then, or before the link, is what the next page shows, and its
// field takes the keyboard (web/src/features/auth/email-draft.ts, components/email-field.tsx).
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { copy, LANGS } from '../browser/copy.ts';
import { type Rendered, renderApp } from './support/render.tsx';

const EMAIL = 'camille@example.com';

const LINKS = {
  en: { toSignup: ["Don't have an account?", 'Sign up'], toLogin: ['Already have an account?', 'Log in'] },
  fr: {
    toSignup: ['Pas encore de compte ?', 'Inscrivez-vous'],
    toLogin: ['Vous avez déjà un compte ?', 'Connectez-vous'],
  },
} as const;

const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set as (
  this: HTMLInputElement,
  value: string,
) => void;

/** Keys as the browser delivers them, one input event each (React reads the value the event leaves). */
function typeInto(field: HTMLInputElement, text: string): void {
  for (let i = 1; i <= text.length; i++) {
    setValue.call(field, text.slice(0, i));
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

const reactActEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

/**
 * The link followed and keys typed in the same moment, as a person does, outside act(): act() would draw the
 * router's transition before the keys. The page being left is still the one on screen when they land.
 */
function followThenType(link: HTMLElement, field: HTMLInputElement, text: string): void {
  const left = screen.getByRole('heading', { level: 1 }).textContent;
  const before = reactActEnvironment.IS_REACT_ACT_ENVIRONMENT;
  reactActEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  field.focus();
  try {
    link.click();
    typeInto(field, text);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(left);
    expect(field.value).toBe(text);
  } finally {
    reactActEnvironment.IS_REACT_ACT_ENVIRONMENT = before;
  }
}

const footerLink = ([before, name]: readonly [string, string]): HTMLElement =>
  within(screen.getByText(before, { exact: false }).closest('p') as HTMLElement).getByRole('link', { name });

for (const lang of LANGS) {
  const c = copy[lang];
  const links = LINKS[lang];
  const emailField = () => screen.getByLabelText<HTMLInputElement>(c.email);

  describe(`the typed address between the sign-in pages (${lang})`, () => {
    async function open(page: 'login' | 'signup'): Promise<Rendered> {
      const rendered = await renderApp(`${c.prefix}/${page}`);
      await screen.findByRole('button', { name: page === 'login' ? c.logIn : c.requestActivation });
      return rendered;
    }

    test('typed on the login page while its "Sign up" link is being followed: in the sign-up field', async () => {
      await open('login');
      followThenType(footerLink(links.toSignup), emailField(), EMAIL);
      await screen.findByRole('button', { name: c.requestActivation });
      expect(emailField().value).toBe(EMAIL);
      // The keys that follow go on into the new page's field.
      expect(document.activeElement).toBe(emailField());
    });

    test('typed on the sign-up page while its "Log in" link is being followed: in the login field', async () => {
      await open('signup');
      followThenType(footerLink(links.toLogin), emailField(), EMAIL);
      await screen.findByRole('button', { name: c.logIn });
      expect(emailField().value).toBe(EMAIL);
      expect(document.activeElement).toBe(emailField());
    });

    test('typed on the login page, then "Sign up" and back: the same address on each page', async () => {
      const { user } = await open('login');
      await user.type(emailField(), EMAIL);
      await user.click(footerLink(links.toSignup));
      await screen.findByRole('button', { name: c.requestActivation });
      expect(emailField().value).toBe(EMAIL);
      await user.clear(emailField());
      await user.type(emailField(), `x${EMAIL}`);
      await user.click(footerLink(links.toLogin));
      await screen.findByRole('button', { name: c.logIn });
      expect(emailField().value).toBe(`x${EMAIL}`);
    });
  });
}
