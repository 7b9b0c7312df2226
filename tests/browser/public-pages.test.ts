// The public pages where only a browser shows them: the landing page, the professional headshot page, the
// legal pages and the pricing page (their carousels' shuffle and motion, language flags, scrolling, layout on a
// phone, page loads and the copy already in the prerendered HTML), the public navbar and footer, and
// client-side links to a #hash. What their screens show once hydrated (sections, links, the pricing page's
// states and calls, structured data) is tests/components' (marketing-pages, legal-pages, pricing-page,
// public-navbar).

import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import illustrations from '../../web/src/content/illustrations.json';
import {
  createAccount,
  DESKTOP,
  describeInBrowser,
  openSignedIn,
  PHONE,
  pathNow,
  uniqueEmail,
  useBrowser,
  waitForPath,
} from '../support/browser.ts';
import { PRIVACY_IDS, TERMS_IDS } from '../support/legal-sections.ts';
import {
  carouselRows,
  consoleErrors,
  differentOrder,
  expectCarouselShape,
  languageFlagTests,
  rawHtml,
  textOf,
} from './marketing-pages.ts';

// The landing page, in English and French, where only a browser shows it: the avatar carousel shuffled on
// every load and its rows' animations, the language flags' full page loads (with no console error), the
// prerendered HTML the server sends, and the redirect of a signed-in visitor. Every section with its counts,
// the structured data and a link in the prerendered copy are tests/components/marketing-pages.test.tsx's.

describeInBrowser('landing page', () => {
  const nb = '\u00a0';

  // Written out here, not read from the app: a changed or missing string fails the tests.
  const COPY = {
    en: {
      path: '/',
      other: { flag: /FR/, path: '/fr', nav: 'Language' },
      heading: 'Turn a few selfies into avatars and headshots in 25+ styles',
      pause: 'Pause the animation',
      faq: [
        'Is Aivatar free?',
        'What photos should I upload?',
        'Can I use my avatars commercially?',
        'How long does it take?',
        'Which styles can I choose from?',
      ],
    },
    fr: {
      path: '/fr',
      other: { flag: /EN/, path: '/', nav: 'Langue' },
      heading: 'Quelques selfies suffisent pour des avatars et des portraits dans plus de 25 styles',
      pause: "Mettre l'animation en pause",
      faq: [
        `Aivatar est-il gratuit${nb}?`,
        `Quelles photos dois-je importer${nb}?`,
        `Puis-je utiliser mes avatars à des fins commerciales${nb}?`,
        `Combien de temps faut-il${nb}?`,
        `Quels styles puis-je choisir${nb}?`,
      ],
    },
  } as const;

  const LANGS = ['en', 'fr'] as const;

  const POOL = illustrations.carousel.map((i) => i.src);

  const browser = useBrowser();

  test('the carousel is shuffled on every load, always from the same pool', async () => {
    const page = await browser.newPage(PHONE);
    const errors = consoleErrors(page);
    const load = async () => {
      await page.goto('/');
      return expectCarouselShape(await carouselRows(page), 4);
    };
    const first = await load();
    // The prerendered HTML has the pool's own order; the browser shuffles it.
    expect(first.join()).not.toBe(POOL.slice(0, 32).join());
    const second = await differentOrder(load, first);
    expect(second.join()).not.toBe(first.join());
    for (const src of [...first, ...second]) expect(POOL).toContain(src);
    expect(errors).toEqual([]);
  });

  test('the carousel scrolls rows in alternating directions, pauses on request and for reduced motion', async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto('/');
    await carouselRows(page);
    const tracks = page.locator('[data-carousel] .carousel__track');
    const style = () =>
      tracks.evaluateAll((els) =>
        els.map((el) => {
          const s = getComputedStyle(el);
          return { name: s.animationName, state: s.animationPlayState };
        }),
      );
    expect((await style()).map((s) => s.name)).toEqual([
      'carousel-left',
      'carousel-right',
      'carousel-left',
      'carousel-right',
    ]);
    expect((await style()).every((s) => s.state === 'running')).toBe(true);

    const pause = page.getByRole('button', { name: COPY.en.pause });
    await pause.click();
    expect(await pause.getAttribute('aria-pressed')).toBe('true');
    await page.mouse.move(0, 0);
    expect((await style()).every((s) => s.state === 'paused')).toBe(true);
    await pause.click();
    await page.mouse.move(0, 0);
    expect((await style()).every((s) => s.state === 'running')).toBe(true);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect((await style()).every((s) => s.name === 'none')).toBe(true);
    expect(await pause.isVisible()).toBe(false);
  });

  languageFlagTests(browser, COPY);

  test.each(LANGS)('%s: the HTML the server sends already holds the copy (prerendered)', async (lang) => {
    const copy = COPY[lang];
    const html = await rawHtml(copy.path);
    const text = textOf(html);
    expect(text).toContain(copy.heading);
    for (const question of copy.faq) expect(text).toContain(question);
    expect(html).toContain('application/ld+json');
    // The carousel too, in the pool's own order; the browser shuffles it after hydration.
    const srcs = [...html.matchAll(/class="carousel__item" src="([^"]+)"/g)].map((m) => m[1]);
    expect(srcs.slice(0, 8)).toEqual(POOL.slice(0, 8));
  });

  test('a signed-in visitor at / or /fr lands in the app, in the same language', async () => {
    const { token } = await createAccount(uniqueEmail('landing'));
    const page = await browser.newPage(DESKTOP);
    await openSignedIn(page, token, '/');
    await page.waitForURL((url) => url.pathname.startsWith('/app/'));
    await page.goto('/fr');
    await page.waitForURL((url) => url.pathname.startsWith('/fr/app/'));
    expect(pathNow(page)).toMatch(/^\/fr\/app\//);
  });
});

// The professional headshot page, in English and French, where only a browser shows it: the 30-image
// carousel shuffled on every load, the language flags' full page loads (with no console error), the
// prerendered HTML the server sends (with the FAQ's 12-month expiry the product's contract keeps on purpose),
// and the footer's link to it. Every section with its counts and the structured data are
// tests/components/marketing-pages.test.tsx's.

describeInBrowser('professional headshot page', () => {
  const nb = '\u00a0';

  // Written out here, not read from the app: a changed or missing string fails the tests.
  const COPY = {
    en: {
      path: '/linkedin-headshot',
      other: { flag: /FR/, path: '/fr/linkedin-headshot', nav: 'Language' },
      heading: 'Professional headshots for LinkedIn and your CV, without the photo shoot',
      faq: [
        'What are the photo guidelines?',
        'Will my headshots have a watermark?',
        'Do my credits expire?',
        'Can I try it for free?',
        'Is an AI headshot better than a photo shoot?',
      ],
      expire: 'One-time credits expire 12 months after purchase',
    },
    fr: {
      path: '/fr/linkedin-headshot',
      other: { flag: /EN/, path: '/linkedin-headshot', nav: 'Langue' },
      heading: 'Des portraits professionnels pour LinkedIn et votre CV, sans séance photo',
      faq: [
        `Quelles photos faut-il importer${nb}?`,
        `Mes portraits auront-ils un filigrane${nb}?`,
        `Mes crédits expirent-ils${nb}?`,
        `Puis-je essayer gratuitement${nb}?`,
        `Un portrait IA vaut-il mieux qu'une séance photo${nb}?`,
      ],
      expire: "Les crédits achetés à l'unité expirent 12 mois après l'achat",
    },
  } as const;

  const LANGS = ['en', 'fr'] as const;

  const POOL = illustrations.headshots.map((i) => i.src);

  const browser = useBrowser();

  test('the 30 headshots are shuffled on every load, always the same 30', async () => {
    const page = await browser.newPage(PHONE);
    const errors = consoleErrors(page);
    const load = async () => {
      await page.goto('/linkedin-headshot');
      return expectCarouselShape(await carouselRows(page), 4);
    };
    const first = await load();
    expect(first.join()).not.toBe(POOL.join());
    const second = await differentOrder(load, first);
    expect(second.join()).not.toBe(first.join());
    expect([...second].sort()).toEqual([...first].sort());
    expect(errors).toEqual([]);
  });

  languageFlagTests(browser, COPY);

  test.each(LANGS)('%s: the HTML the server sends already holds the copy (prerendered)', async (lang) => {
    const copy = COPY[lang];
    const text = textOf(await rawHtml(copy.path));
    expect(text).toContain(copy.heading);
    for (const question of copy.faq) expect(text).toContain(question);
    expect(text).toContain(copy.expire);
  });

  test('the footer links the page from the landing page', async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto('/fr');
    await page.locator('footer').getByRole('link', { name: 'Portraits professionnels' }).click();
    await waitForPath(page, '/fr/linkedin-headshot');
    await page.getByRole('heading', { level: 1, name: COPY.fr.heading }).waitFor();
  });
});

// The terms of service and the privacy policy, in English and French, where only a browser shows them: a
// contents entry scrolls its section into view below the sticky navbar, the folded contents on a phone, the
// text kept once a session arrives on a loaded page, and the link from the terms to the privacy policy (a
// page load). Every section, the contents, the dates, the contract's facts and the operator's identity are
// tests/components/legal-pages.test.tsx's.

describeInBrowser('legal pages', () => {
  const DOCUMENTS = {
    en: {
      terms: { path: '/terms-of-service', title: 'Terms of Service', ids: TERMS_IDS },
      privacy: { path: '/privacy-policy', title: 'Privacy Policy', ids: PRIVACY_IDS },
      privacyLink: 'Privacy Policy',
      contents: 'Contents',
    },
    fr: {
      terms: { path: '/fr/terms-of-service', title: "Conditions générales d'utilisation", ids: TERMS_IDS },
      privacy: { path: '/fr/privacy-policy', title: 'Politique de confidentialité', ids: PRIVACY_IDS },
      privacyLink: 'politique de confidentialité',
      contents: 'Sommaire',
    },
  } as const;

  const LANGS = ['en', 'fr'] as const;

  const browser = useBrowser();

  describe.each(LANGS)('in %s', (lang) => {
    const doc = DOCUMENTS[lang];

    test.each(['terms', 'privacy'] as const)(
      '%s: clicking an entry of the contents brings its section into view, below the sticky navbar',
      async (kind) => {
        const text = doc[kind];
        const page = await browser.newPage(DESKTOP);
        await page.goto(text.path);
        await page.getByRole('heading', { level: 1, name: text.title, exact: true }).waitFor();
        const contents = page.getByRole('navigation', { name: doc.contents }).first();
        const last = text.ids.at(-1) as string;
        await contents.locator(`a[href="#${last}"]`).click();
        await page.waitForURL((url) => url.hash === `#${last}`);
        const top = await page.locator(`#${last}`).evaluate((el) => el.getBoundingClientRect().top);
        const navbar = await page
          .locator('header.navbar')
          .evaluate((el) => el.getBoundingClientRect().bottom);
        expect(top).toBeGreaterThanOrEqual(navbar);
        expect(top).toBeLessThan(DESKTOP.height / 2);
      },
    );

    test('signed in, both pages keep their text once the session appears', async () => {
      const { token } = await createAccount(uniqueEmail('legal'), { lang });
      const page = await browser.newPage();
      for (const kind of ['terms', 'privacy'] as const) {
        await openSignedIn(page, token, doc[kind].path);
        await page.locator('.token-pill').waitFor();
        await page.getByRole('heading', { level: 1, name: doc[kind].title, exact: true }).waitFor();
        expect(await page.locator('.legal__section').count()).toBe(doc[kind].ids.length);
      }
    });

    test('the terms link to the privacy policy', async () => {
      const page = await browser.newPage();
      await page.goto(doc.terms.path);
      await page.locator('.legal__intro').getByRole('link', { name: doc.privacyLink, exact: true }).click();
      await waitForPath(page, doc.privacy.path);
      await page.getByRole('heading', { level: 1, name: doc.privacy.title, exact: true }).waitFor();
    });

    test('on a phone, the contents fold away and lead to their section', async () => {
      const page = await browser.newPage(PHONE);
      await page.goto(doc.terms.path);
      const fold = page.locator('details.legal-toc--fold');
      expect(await page.locator('.legal-toc--side').isVisible()).toBe(false);
      expect(await fold.getByRole('link').first().isVisible()).toBe(false);
      await fold.locator('summary').click();
      await fold.locator('a[href="#hosting"]').click();
      await page.waitForURL((url) => url.hash === '#hosting');
      const top = await page.locator('#hosting').evaluate((el) => el.getBoundingClientRect().top);
      expect(top).toBeGreaterThanOrEqual(60);
      expect(top).toBeLessThan(PHONE.height / 2);
      // No sideways scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
    });
  });
});

// The pricing page on a phone, in English and French: a failed checkout's toast shows within the screen (the
// error line is far below the button there). The packs, the subscription card's states, the way to checkout
// and its failures, the FAQ and the structured data are tests/components/pricing-page.test.tsx's; checkout
// itself, through the local Stripe stand-in, is payments.test.ts's.

describeInBrowser('pricing page', () => {
  // Written out here, not read from the app: a changed label or message fails the tests.
  const COPY = {
    en: {
      path: '/pricing',
      buy: 'Buy 10 tokens',
      paymentFailed: 'An error occurred while initializing the payment. Please try again.',
    },
    fr: {
      path: '/fr/pricing',
      buy: 'Acheter 10 jetons',
      paymentFailed: "Une erreur est survenue lors de l'initialisation du paiement. Veuillez réessayer.",
    },
  } as const;

  const browser = useBrowser();

  test.each(['en', 'fr'] as const)(
    "%s: signed in on a phone, a failed checkout's toast shows within the screen",
    async (lang) => {
      const copy = COPY[lang];
      const { token } = await createAccount(uniqueEmail('pricing'), { lang });
      const page = await browser.newPage(PHONE);
      // The check says "not subscribed"; checkout fails at the HTTP edge.
      await page.route('**/check_subscription', (route) =>
        route.fulfill({ json: { hasActiveSubscription: false } }),
      );
      await page.route('**/checkout/**', (route) =>
        route.fulfill({ status: 503, json: { message: 'Service Unavailable' } }),
      );
      await openSignedIn(page, token, copy.path);
      const buyButton = page.getByRole('button', { name: copy.buy, exact: true });
      await buyButton.click();
      await page.getByTestId('pricing-error').getByText(copy.paymentFailed, { exact: true }).waitFor();
      const toast = page.getByTestId('toast').filter({ hasText: copy.paymentFailed });
      await toast.waitFor();
      expect(await toast.isVisible()).toBe(true);
      const box = await toast.boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= PHONE.height).toBe(true);
      expect(await buyButton.isVisible()).toBe(true);
    },
  );
});

// A prerendered page is shown from its own HTML document (components/document-page.tsx): a client-side
// navigation to it loads that document. With a #hash too, the load must still happen: the router has
// already put the address in the bar, and asking the browser for the same address with a hash only
// scrolls the current page, which left the app on its loading spinner. In English and French.

describeInBrowser('a client-side link to a prerendered page with a #hash', () => {
  const COPY = {
    en: { app: '/app/create', pricing: '/pricing', heading: 'Simple pricing, no surprises' },
    fr: { app: '/fr/app/create', pricing: '/fr/pricing', heading: 'Des tarifs simples, sans surprise' },
  } as const;

  const browser = useBrowser();

  for (const lang of ['en', 'fr'] as const) {
    test(`${lang}: loads the page's document and scrolls to the hash`, async () => {
      const c = COPY[lang];
      const { token } = await createAccount(uniqueEmail(`hash-${lang}`), { lang });
      const page = await browser.newPage();
      await openSignedIn(page, token, c.app);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // What a router <Link to="/pricing#tokens"> does: push the address, then render its route.
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, `${c.pricing}#tokens`);
      await page.getByRole('heading', { level: 1, name: c.heading }).waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).hash).toBe('#tokens');
      // The token packs' card is scrolled into view.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const box = document.getElementById('tokens')?.getBoundingClientRect();
            return Boolean(box && box.top < innerHeight && box.bottom > 0);
          }),
        )
        .toBe(true);
    });
  }
});

// The public navbar and footer where only a browser shows them: Pricing and Tokens lead to the pricing page
// and scroll to its token packs; the language flags keep the page and switch the /fr prefix with a full page
// load; the footer's links load their pages; the phone menu locks page scrolling; the bar changes after 50 px
// of scroll. The links themselves (and Create Avatar when signed in) are tests/components/public-navbar.test.tsx's.

describeInBrowser('public navbar and footer', () => {
  const COPY = {
    en: {
      prefix: '',
      nav: 'Main',
      language: 'Language',
      pricing: 'Pricing',
      tokens: 'Tokens',
      pricingHeading: 'Simple pricing, no surprises',
      termsHeading: 'Terms of Service',
      privacyHeading: 'Privacy Policy',
      headshots: 'Professional headshots',
      terms: 'Terms of Service',
      privacy: 'Privacy Policy',
      contact: 'Contact us',
      openMenu: 'Open menu',
      notConfigured: "The operator's details are not configured for this deployment",
    },
    fr: {
      prefix: '/fr',
      nav: 'Principale',
      language: 'Langue',
      pricing: 'Tarifs',
      tokens: 'Jetons',
      pricingHeading: 'Des tarifs simples, sans surprise',
      termsHeading: "Conditions générales d'utilisation",
      privacyHeading: 'Politique de confidentialité',
      headshots: 'Portraits professionnels',
      terms: "Conditions d'utilisation",
      privacy: 'Politique de confidentialité',
      contact: 'Nous contacter',
      openMenu: 'Ouvrir le menu',
      notConfigured: "Les informations de l'éditeur ne sont pas configurées pour ce déploiement",
    },
  } as const;

  const LANGS = ['en', 'fr'] as const;

  const contactEmail = process.env.VITE_COMPANY_EMAIL?.trim();

  /** React has taken over the page: the navbar's menu button has its handlers. */
  async function waitForHydration(page: Page): Promise<void> {
    await page.waitForFunction(() => {
      const toggle = document.querySelector('.navbar__toggle');
      return toggle !== null && Object.keys(toggle).some((k) => k.startsWith('__reactProps'));
    });
  }

  /** Leaves a mark in the current document: gone after a full page load. */
  const markDocument = (page: Page) =>
    page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

  const sameDocument = (page: Page) =>
    page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

  /** The element's top edge sits in the upper half of the viewport, below the sticky navbar. */
  async function expectInView(page: Page, selector: string): Promise<void> {
    await expect
      .poll(() =>
        page.locator(selector).evaluate((el) => {
          const top = el.getBoundingClientRect().top;
          const navbar = document.querySelector('header.navbar')?.getBoundingClientRect().bottom ?? 0;
          return top >= navbar - 1 && top < window.innerHeight / 2;
        }),
      )
      .toBe(true);
  }

  const browser = useBrowser();

  describe.each(LANGS)('in %s', (lang) => {
    const copy = COPY[lang];
    const p = (path: string) => (path === '/' ? copy.prefix || '/' : `${copy.prefix}${path}`);

    test('Pricing leads to the pricing page; Tokens to its token packs, also from the pricing page itself', async () => {
      const page = await browser.newPage(DESKTOP);
      await page.goto(p('/'));
      await waitForHydration(page);
      const nav = page.getByRole('navigation', { name: copy.nav });
      await nav.getByRole('link', { name: copy.pricing, exact: true }).click();
      await waitForPath(page, p('/pricing'));
      await page.getByRole('heading', { level: 1, name: copy.pricingHeading }).waitFor();

      await page.goto(p('/'));
      await waitForHydration(page);
      await nav.getByRole('link', { name: copy.tokens, exact: true }).click();
      await page.waitForURL((url) => url.pathname === p('/pricing') && url.hash === '#tokens');
      await expectInView(page, '#tokens');

      // Already on the pricing page, further down: the same link scrolls back up to the packs.
      await waitForHydration(page);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await markDocument(page);
      await nav.getByRole('link', { name: copy.tokens, exact: true }).click();
      await expectInView(page, '#tokens');
      expect(await sameDocument(page)).toBe(true);
    });

    test('the language flags keep the page and switch the /fr prefix with a full page load', async () => {
      const page = await browser.newPage(DESKTOP);
      const other = lang === 'en' ? 'fr' : 'en';
      const otherCopy = COPY[other];
      const there = (path: string) => `${otherCopy.prefix}${path}`;
      for (const [path, heading, otherHeading] of [
        ['/pricing', copy.pricingHeading, otherCopy.pricingHeading],
        ['/terms-of-service', copy.termsHeading, otherCopy.termsHeading],
        ['/privacy-policy', copy.privacyHeading, otherCopy.privacyHeading],
      ] as const) {
        await page.goto(p(path));
        await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
        await waitForHydration(page);
        await markDocument(page);
        await page
          .getByRole('navigation', { name: copy.language })
          .getByRole('link', { name: other.toUpperCase() })
          .click();
        await waitForPath(page, there(path));
        await page.getByRole('heading', { level: 1, name: otherHeading, exact: true }).waitFor();
        expect(await sameDocument(page)).toBe(false);
        expect(await page.locator('html').getAttribute('lang')).toBe(other);
      }
    });

    test('the footer links lead to the headshot page, the legal pages (page loads) and a contact', async () => {
      const page = await browser.newPage(DESKTOP);
      const footer = page.getByRole('contentinfo');
      for (const [name, path, heading] of [
        [copy.terms, '/terms-of-service', copy.termsHeading],
        [copy.privacy, '/privacy-policy', copy.privacyHeading],
        [copy.headshots, '/linkedin-headshot', null] as const,
      ] as const) {
        await page.goto(p('/pricing'));
        await waitForHydration(page);
        await markDocument(page);
        await footer.getByRole('link', { name, exact: true }).click();
        await waitForPath(page, p(path));
        // Prerendered pages are shown from their own document: the link ends in a page load.
        await page.waitForFunction(() => !(window as unknown as { sameDocument?: boolean }).sameDocument);
        if (heading) await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
        else await page.locator('main h1').waitFor();
      }

      if (!contactEmail) {
        // No address is configured for this build: the contact link leads to the notice that says so.
        await page.goto(p('/pricing'));
        await waitForHydration(page);
        await footer.getByRole('link', { name: copy.contact, exact: true }).click();
        await page.waitForURL((url) => url.pathname === p('/terms-of-service') && url.hash === '#contact');
        await expectInView(page, '#contact');
        await page.getByText(copy.notConfigured, { exact: true }).waitFor();
      }
    });
  });

  test('the phone menu locks page scrolling while open, and a link in it closes it', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto('/terms-of-service');
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);

    await page.getByRole('button', { name: COPY.en.openMenu }).click();
    const menu = page.locator('#public-menu');
    await menu.getByRole('link', { name: 'Tokens', exact: true }).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.mouse.move(PHONE.width / 2, PHONE.height - 100);
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(400);

    // Escape closes it and gives the page its scrolling back.
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => getComputedStyle(document.body).overflow !== 'hidden');
    expect(await menu.isVisible()).toBe(false);

    await page.getByRole('button', { name: COPY.en.openMenu }).click();
    await menu.getByRole('link', { name: 'Tokens', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/pricing' && url.hash === '#tokens');
    await waitForHydration(page);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    expect(await page.locator('#public-menu').isVisible()).toBe(false);
    await expectInView(page, '#tokens');
  });

  test('the navbar changes its look after 50 px of scroll', async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto('/privacy-policy');
    await waitForHydration(page);
    const navbar = page.locator('header.navbar');
    const look = () =>
      navbar.evaluate((el) => ({
        scrolled: el.classList.contains('navbar--scrolled'),
        shadow: getComputedStyle(el).boxShadow,
      }));

    await page.evaluate(() => window.scrollTo(0, 40));
    await page.waitForTimeout(100);
    expect(await look()).toEqual({ scrolled: false, shadow: 'none' });

    await page.evaluate(() => window.scrollTo(0, 80));
    await expect.poll(async () => (await look()).scrolled).toBe(true);
    expect((await look()).shadow).not.toBe('none');

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(async () => (await look()).scrolled).toBe(false);
  });
});
