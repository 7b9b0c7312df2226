// Issue 6: no button for a route the API does not serve (shared/api-routes.ts `served`, read by the SPA at
// build time). Identity-provider login came back with its route (issue 12): the sign-in screens show the
// Google button, which calls the route only when clicked. (Pricing and the app navbar: pricing.test.ts,
// routing-and-session.test.ts.)
import { expect, test } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../functions/domain/accounts/rate-limits.ts';
import { apiRoutes } from '../../shared/api-routes.ts';
import { describeInBrowser, stack, useBrowser } from '../support/browser.ts';
import { copy, LANGS } from './copy.ts';

const GOOGLE = { en: 'Continue with Google', fr: 'Continuer avec Google' };

describeInBrowser('routes the API does not serve', () => {
  const browser = useBrowser();

  for (const lang of LANGS) {
    const c = copy[lang];
    for (const screen of ['login', 'signup'] as const) {
      test(`${c.prefix}/${screen}: the Google button only while its route is served`, async () => {
        const page = await browser.newPage();
        const calls: string[] = [];
        page.on('request', (r) => r.url().includes('/auth/google') && calls.push(r.url()));
        await page.goto(`${c.prefix}/${screen}`);
        await page.getByLabel(c.email).waitFor();
        await page.waitForLoadState('networkidle');
        const google = page.getByRole('button', { name: GOOGLE[lang] });
        expect(await google.count()).toBe(apiRoutes.googleLogin.served ? 1 : 0);
        expect(calls).toEqual([]);
      });
    }
  }

  test('the Google button calls its route; a failure is logged and, beyond the spec, told (issue 12)', async () => {
    const page = await browser.newPage();
    const logged: string[] = [];
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
    await page.goto('/login');
    // A real failure: this browser's address has used up its "Continue with Google" starts.
    const { limit } = DEFAULT_RATE_LIMITS.googleSignInPerClient;
    const apiUrl = stack().apiUrl;
    await page.evaluate(
      async ({ apiUrl, limit }) => {
        for (let i = 0; i < limit; i++)
          await fetch(`${apiUrl}/auth/google/login`, { credentials: 'include' });
      },
      { apiUrl, limit },
    );
    const call = page.waitForRequest((r) => new URL(r.url()).pathname === '/auth/google/login');
    await page.getByRole('button', { name: GOOGLE.en }).click();
    expect(new URL((await call).url()).searchParams.get('lang')).toBe('en');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Too many attempts. Please wait a few minutes and try again.' })
      .waitFor();
    expect(logged.some((m) => m.includes('Identity-provider login failed'))).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
