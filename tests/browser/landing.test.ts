// The landing page (spec sections 1, 2 and 9), in English and French: every section with its counts, the
// shuffled avatar carousel, the language flags, the structured data, the prerendered HTML, the redirect of a
// signed-in visitor, and a clean hydration.
import { expect, test } from 'vitest';
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
import {
  carouselRows,
  consoleErrors,
  differentOrder,
  expectCarouselShape,
  languageAndStructuredDataTests,
  loadsNewDocument,
  rawHtml,
  textOf,
} from './marketing-pages.ts';

const nb = '\u00a0';

// Written out here, not read from the app: a changed or missing string fails the tests.
const COPY = {
  en: {
    path: '/',
    other: { flag: /FR/, path: '/fr', nav: 'Language' },
    signup: '/signup',
    pricing: '/pricing',
    heading: 'Turn a few selfies into avatars and headshots in 25+ styles',
    cta: 'Get my 2 free tokens',
    facts: 'Aivatar in short',
    carousel: 'Illustrated avatars in many styles',
    pause: 'Pause the animation',
    sections: {
      audience: 'Who it is for',
      steps: 'Three steps, about a minute',
      demo: 'See it in action',
      styles: 'Styles to choose from',
      benefits: 'Why Aivatar',
      pricing: 'Simple pricing',
      whatIs: 'What is an AI avatar?',
      faq: 'Frequently asked questions',
      cta: 'Ready to meet your new look?',
    },
    audience: ['Professionals', 'Content creators', 'Everyday users'],
    demoLength: '59-second',
    prices: ['From €3', '€9 a month', '2 tokens'],
    faq: [
      'Is Aivatar free?',
      'What photos should I upload?',
      'Can I use my avatars commercially?',
      'How long does it take?',
      'Which styles can I choose from?',
    ],
    claims: [
      'full commercial usage rights',
      'Paid downloads come without watermarks',
      'Delete your uploaded photos from your dashboard at any time',
      'New styles are added every week',
      '4K headshots',
      `400×400${nb}px`,
    ],
    credits: 'Illustrations',
  },
  fr: {
    path: '/fr',
    other: { flag: /EN/, path: '/', nav: 'Langue' },
    signup: '/fr/signup',
    pricing: '/fr/pricing',
    heading: 'Quelques selfies suffisent pour des avatars et des portraits dans plus de 25 styles',
    cta: 'Recevoir mes 2 jetons gratuits',
    facts: 'Aivatar en bref',
    carousel: 'Avatars illustrés dans de nombreux styles',
    pause: "Mettre l'animation en pause",
    sections: {
      audience: `Pour qui${nb}?`,
      steps: 'Trois étapes, une minute environ',
      demo: 'Aivatar en action',
      styles: 'Des styles pour toutes les envies',
      benefits: 'Pourquoi Aivatar',
      pricing: 'Des tarifs simples',
      whatIs: `Qu'est-ce qu'un avatar IA${nb}?`,
      faq: 'Questions fréquentes',
      cta: `Prêt à découvrir votre nouveau look${nb}?`,
    },
    audience: ['Les professionnels', 'Les créateurs de contenu', 'Tout le monde'],
    demoLength: '59 secondes',
    prices: [`Dès 3${nb}€`, `9${nb}€ par mois`, '2 jetons'],
    faq: [
      `Aivatar est-il gratuit${nb}?`,
      `Quelles photos dois-je importer${nb}?`,
      `Puis-je utiliser mes avatars à des fins commerciales${nb}?`,
      `Combien de temps faut-il${nb}?`,
      `Quels styles puis-je choisir${nb}?`,
    ],
    claims: [
      "droits d'utilisation commerciale complets",
      'Les téléchargements payants sont sans filigrane',
      'Supprimez les photos importées depuis votre tableau de bord, à tout moment',
      'De nouveaux styles arrivent chaque semaine',
      'Portraits en 4K',
      `400${nb}×${nb}400${nb}px`,
    ],
    credits: 'Illustrations',
  },
} as const;

const LANGS = ['en', 'fr'] as const;
const POOL = illustrations.carousel.map((i) => i.src);

describeInBrowser('landing page', () => {
  const browser = useBrowser();

  test('the carousel pool is the 33 illustrations of the manifest', () => {
    expect(POOL).toHaveLength(33);
    expect(new Set(POOL).size).toBe(33);
  });

  test.each(LANGS)('%s: every section, with its counts, and no console error', async (lang) => {
    const copy = COPY[lang];
    const page = await browser.newPage(DESKTOP);
    const errors = consoleErrors(page);
    await page.goto(copy.path, { waitUntil: 'networkidle' });

    const hero = page.getByRole('region', { name: copy.heading, exact: true });
    await hero.getByRole('heading', { level: 1, name: copy.heading, exact: true }).waitFor();
    expect(await hero.getByRole('link', { name: copy.cta }).getAttribute('href')).toBe(copy.signup);
    const heroImages = hero.locator('img');
    expect(await heroImages.count()).toBe(4);
    expect(await heroImages.first().getAttribute('loading')).toBeNull();
    expect(await heroImages.first().getAttribute('fetchpriority')).toBe('high');
    expect(await page.getByRole('list', { name: copy.facts }).getByRole('listitem').count()).toBe(6);

    const section = (name: string) => page.getByRole('region', { name, exact: true });
    expect(
      await section(copy.sections.audience).getByRole('heading', { level: 3 }).allTextContents(),
    ).toEqual(copy.audience);
    expect(await section(copy.sections.steps).getByRole('listitem').count()).toBe(3);

    const video = section(copy.sections.demo).locator('video');
    expect(await video.getAttribute('controls')).not.toBeNull();
    expect(await video.getAttribute('preload')).toBe('none');
    expect(await video.getAttribute('poster')).toBe('/demo/poster.webp');
    expect(await video.getAttribute('width')).toBeTruthy();
    expect(await video.getAttribute('height')).toBeTruthy();
    expect(await video.locator('source').getAttribute('src')).toBe('/demo/aivatar-demo.mp4');
    expect(await video.locator('source').getAttribute('type')).toBe('video/mp4');
    expect(await section(copy.sections.demo).textContent()).toContain(copy.demoLength);

    const examples = section(copy.sections.styles).locator('img');
    expect(await examples.count()).toBe(8);
    for (const img of await examples.all()) {
      expect(await img.getAttribute('src')).toMatch(/^\/illustrations\/.+\.webp$/);
      expect(await img.getAttribute('loading')).toBe('lazy');
      expect(Number(await img.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(await img.getAttribute('height'))).toBeGreaterThan(0);
    }

    expect(await section(copy.sections.benefits).getByRole('listitem').count()).toBe(6);

    const pricing = section(copy.sections.pricing);
    const pricingText = (await pricing.textContent()) ?? '';
    for (const price of copy.prices) expect(pricingText).toContain(price);
    expect(await pricing.locator(`a[href="${copy.pricing}"]`).count()).toBe(1);

    await section(copy.sections.whatIs).waitFor();

    const faq = section(copy.sections.faq);
    expect(await faq.locator('details > summary').allTextContents()).toEqual(copy.faq);
    // Native <details>: closed at first, opened by a click (or a keyboard), no script needed.
    const first = faq.locator('details').first();
    expect(await first.getAttribute('open')).toBeNull();
    await first.locator('summary').click();
    expect(await first.getAttribute('open')).not.toBeNull();

    const cta = section(copy.sections.cta);
    expect(await cta.getByRole('link', { name: copy.cta }).getAttribute('href')).toBe(copy.signup);

    const credits = page.getByRole('complementary', { name: copy.credits });
    expect(await credits.locator('a[rel="license"]').count()).toBe(illustrations.credits.length);

    const text = (await page.locator('main').textContent()) ?? '';
    for (const claim of copy.claims) expect(text).toContain(claim);

    const carousel = page.getByRole('region', { name: copy.carousel, exact: true });
    expect(await carousel.locator('img').first().getAttribute('alt')).toBe('');
    expect(await carousel.getByRole('button', { name: copy.pause }).count()).toBe(1);
    const shown = expectCarouselShape(await carouselRows(page), 4);
    // 4 rows of at most 8: 32 of the pool of 33 on each load.
    expect(shown).toHaveLength(32);
    for (const src of shown) expect(POOL).toContain(src);

    expect(errors).toEqual([]);
  });

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

  languageAndStructuredDataTests(browser, COPY);

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

  test('a link in the prerendered copy opens the sign-up screen without reloading the app', async () => {
    const page = await browser.newPage(DESKTOP);
    const errors = consoleErrors(page);
    await page.goto('/');
    await carouselRows(page);
    const reloaded = await loadsNewDocument(page, async () => {
      await page.getByRole('link', { name: COPY.en.cta }).first().click();
      await waitForPath(page, '/signup');
      await page.getByRole('heading', { level: 1 }).waitFor();
    });
    expect(reloaded).toBe(false);
    expect(errors).toEqual([]);
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
