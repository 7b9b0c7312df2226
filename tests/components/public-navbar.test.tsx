// The public navbar's and footer's links, on a prerendered page (pricing) once the app has hydrated it, in
// English and French: Home, Pricing and Tokens, and Create Avatar only when signed in; the footer's headshot
// page, legal pages and contact. Where the links lead (page loads, scrolling to the token packs), the
// language flags' page loads and the phone menu stay in tests/browser/public-pages.test.ts.
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { aUser, renderPrerendered } from './support/render.tsx';

const COPY = {
  en: {
    prefix: '',
    nav: 'Main',
    home: 'Home',
    pricing: 'Pricing',
    tokens: 'Tokens',
    app: 'Create Avatar',
    headshots: 'Professional headshots',
    terms: 'Terms of Service',
    privacy: 'Privacy Policy',
    contact: 'Contact us',
  },
  fr: {
    prefix: '/fr',
    nav: 'Principale',
    home: 'Accueil',
    pricing: 'Tarifs',
    tokens: 'Jetons',
    app: 'Créer un avatar',
    headshots: 'Portraits professionnels',
    terms: "Conditions d'utilisation",
    privacy: 'Politique de confidentialité',
    contact: 'Nous contacter',
  },
} as const;

const LANGS = ['en', 'fr'] as const;

// The site is built with this process's environment (web/vite.config.ts, virtual:company).
const contactEmail = process.env.VITE_COMPANY_EMAIL?.trim();

/** Each link of `scope` as its text and its address. */
const links = (scope: HTMLElement): [string, string][] =>
  within(scope)
    .getAllByRole('link')
    .map((a) => [a.textContent?.trim() ?? '', a.getAttribute('href') ?? '']);

// A page is prerendered, then hydrated: a few seconds beside the other files on two shared cores.
describe.each(LANGS)('public navbar and footer, in %s', { timeout: 30_000 }, (lang) => {
  const copy = COPY[lang];
  const p = (path: string) => (path === '/' ? copy.prefix || '/' : `${copy.prefix}${path}`);

  test('the navbar links: Home, Pricing and Tokens; Create Avatar only when signed in', async () => {
    const visitor = await renderPrerendered(p('/pricing'));
    const nav = () => screen.getByRole('navigation', { name: copy.nav });
    await screen.findByTestId('subscription-card');
    expect(links(nav())).toEqual([
      [copy.home, p('/')],
      [copy.pricing, p('/pricing')],
      [copy.tokens, `${p('/pricing')}#tokens`],
    ]);
    visitor.unmount();
    visitor.container.remove();

    await renderPrerendered(p('/pricing'), { as: aUser() });
    await within(nav()).findByRole('link', { name: copy.app });
    expect(links(nav())).toEqual([
      [copy.home, p('/')],
      [copy.app, p('/app')],
      [copy.pricing, p('/pricing')],
      [copy.tokens, `${p('/pricing')}#tokens`],
    ]);
  });

  test('the footer links to the headshot page, the legal pages and a contact', async () => {
    await renderPrerendered(p('/pricing'));
    await screen.findByTestId('subscription-card');
    const footerLinks = links(screen.getByRole('contentinfo'));
    const expected: [string, string][] = [
      [copy.terms, p('/terms-of-service')],
      [copy.privacy, p('/privacy-policy')],
      [copy.pricing, p('/pricing')],
      [copy.contact, contactEmail ? `mailto:${contactEmail}` : `${p('/terms-of-service')}#contact`],
      [copy.headshots, p('/linkedin-headshot')],
    ];
    for (const link of expected) expect(footerLinks).toContainEqual(link);
  });
});
