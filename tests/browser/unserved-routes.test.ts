// Issue 6: no button for a route the API does not serve (shared/api-routes.ts `served`, read by the SPA at
// build time). Identity-provider login comes back with its route; until then the sign-in screens show no
// Google button and never call the route. (Pricing and the app navbar: pricing.test.ts,
// routing-and-session.test.ts.)
import { expect, test } from 'vitest';
import { apiRoutes } from '../../shared/api-routes.ts';
import { describeInBrowser, serveInBrowser, useBrowser } from '../support/browser.ts';
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

  test('once served, the Google button calls the route; a failure is only logged (spec section 8)', async () => {
    const page = await browser.newPage();
    await serveInBrowser(page, ['googleLogin']);
    const logged: string[] = [];
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()));
    await page.goto('/login');
    const call = page.waitForRequest((r) => r.url().endsWith('/auth/google/login'));
    await page.getByRole('button', { name: GOOGLE.en }).click();
    await call;
    await expect.poll(() => logged.some((m) => m.includes('Identity-provider login failed'))).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);
  });
});
