// `npm run screenshots`: every built page, signed out and signed in, at phone and desktop widths, in English
// and French, saved as PNGs in .local/screenshots (or --out DIR) to look at before calling a screen done.
// `--navbar`: the top of a public page and of an app page instead, signed in with a 40-character email,
// at every width from a small phone to a wide desktop. `--admin`: signed in as an administrator.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { pagePath, webPages } from '#shared/web-routes.ts';
import { REPO_ROOT, startLocalStack } from '../../infra/local/stack.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { createLocalAccount } from './local-account.ts';

const { values: args } = parseArgs({
  options: {
    out: { type: 'string', default: join(REPO_ROOT, '.local/screenshots') },
    only: { type: 'string' },
    navbar: { type: 'boolean', default: false },
    admin: { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
  },
});
const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };
const NAVBAR_WIDTHS = [320, 390, 1024, 1280, 1440, 1920];
/** 40 characters, as a long real address would be. */
export const LONG_EMAIL_LOCAL = 'ada.lovelace.countess';

process.env.LOG_LEVEL = 'silent';
mkdirSync(args.out, { recursive: true });
if (!args['skip-build']) {
  execFileSync(process.execPath, ['web/scripts/build.ts', '--quiet'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
}
const ADMIN_EMAIL = `screens-admin-${Date.now()}@example.test`;
const stack = await startLocalStack({ webDist: join(REPO_ROOT, 'web/dist'), adminEmails: [ADMIN_EMAIL] });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

async function navbarShots(): Promise<number> {
  const email = `${LONG_EMAIL_LOCAL}${String(Date.now()).slice(-6)}@example.test`.slice(0, 40);
  const token = await createLocalAccount(stack, email);
  let count = 0;
  for (const path of ['/pricing', '/fr/pricing', '/app/account', '/fr/app/account']) {
    for (const width of NAVBAR_WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: 700 }, baseURL: stack.webUrl });
      await context.addInitScript((t) => localStorage.setItem('token', t), token);
      const tab = await context.newPage();
      await tab.goto(path, { waitUntil: 'networkidle' });
      await tab.getByText(email).first().waitFor({ state: 'attached' });
      const name = `navbar${path.replaceAll('/', '-')}-${width}`;
      await tab.screenshot({ path: join(args.out, `${name}.png`), clip: { x: 0, y: 0, width, height: 90 } });
      count++;
      const toggle = tab.locator('.navbar__toggle');
      if (await toggle.isVisible()) {
        await toggle.click();
        await tab.waitForTimeout(400);
        await tab.screenshot({ path: join(args.out, `${name}-menu.png`) });
        count++;
      }
      await context.close();
    }
  }
  return count;
}

async function pageShots(): Promise<number> {
  const token = await createLocalAccount(
    stack,
    args.admin ? ADMIN_EMAIL : `screens-${Date.now()}@example.test`,
  );
  let count = 0;
  for (const page of webPages) {
    if (args.only && !page.id.includes(args.only)) continue;
    for (const lang of page.localized ? (['en', 'fr'] as const) : (['en'] as const)) {
      for (const [widthName, viewport] of Object.entries(WIDTHS)) {
        const context = await browser.newContext({ viewport, baseURL: stack.webUrl });
        // `--admin`: the administrator is signed in on every page (the styles manager is a public page that
        // asks for an admin's session itself).
        if (page.access === 'user' || args.admin) {
          await context.addInitScript((t) => localStorage.setItem('token', t), token);
        }
        const tab = await context.newPage();
        const path = page.id === 'loginWithToken' ? '/login_with_token' : pagePath(page.id, lang);
        await tab.goto(path, { waitUntil: 'networkidle' });
        // Scroll through once so lazy images load, then back to the top.
        await tab.evaluate(async () => {
          for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
            window.scrollTo(0, y);
            await new Promise((r) => setTimeout(r, 60));
          }
          window.scrollTo(0, 0);
        });
        await tab.waitForLoadState('networkidle');
        await tab.waitForTimeout(300);
        const file = join(args.out, `${page.id}-${lang}-${widthName}${args.admin ? '-admin' : ''}.png`);
        await tab.screenshot({ path: file, fullPage: true });
        count++;
        await context.close();
      }
    }
  }
  return count;
}

try {
  const count = args.navbar ? await navbarShots() : await pageShots();
  console.log(`${count} screenshots in ${args.out}`);
} finally {
  await browser.close();
  await stack.stop();
}
