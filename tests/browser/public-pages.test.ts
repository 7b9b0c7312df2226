// The public pages as a visitor's browser shows them: the landing page, the professional headshot page, the
// legal pages and the pricing page (their sections, carousels, structured data, language flags and the copy
// already in the prerendered HTML), the public navbar and footer, and client-side links to a #hash.

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
  stack,
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

// The landing page, in English and French: every section with its counts, the
// shuffled avatar carousel, the language flags, the structured data, the prerendered HTML, the redirect of a
// signed-in visitor, and a clean hydration.

describeInBrowser('landing page', () => {
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
      expect(await img.getAttribute('src')).toMatch(/^\/examples\/.+\.webp$/);
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

// The professional headshot page, in English and French: every section with its
// counts, the 30-image carousel, the before/after illustration, the photo guidance, the pricing block, the
// FAQ (with the 12-month expiry the product's contract keeps on purpose), the language flags, the structured data and the
// prerendered HTML.

describeInBrowser('professional headshot page', () => {
  const nb = '\u00a0';

  // Written out here, not read from the app: a changed or missing string fails the tests.
  const COPY = {
    en: {
      path: '/linkedin-headshot',
      other: { flag: /FR/, path: '/fr/linkedin-headshot', nav: 'Language' },
      signup: '/signup',
      pricing: '/pricing',
      heading: 'Professional headshots for LinkedIn and your CV, without the photo shoot',
      cta: 'Create my headshot',
      carousel: 'Illustrated professional headshots',
      sections: {
        problem: 'Your profile photo is your first handshake',
        beforeAfter: 'From selfie to headshot',
        styles: 'Headshot styles for every workplace',
        features: 'Everything a professional headshot needs',
        tips: 'How to get the best headshots',
        example: 'What it looks like in practice',
        pricing: 'Pricing',
        faq: 'Headshot questions',
      },
      illustration: 'Illustration of the idea',
      example: 'Illustrative example, not a customer review',
      packs: ['10 tokens€3', '40 tokens€9', '100 tokens€19', '200 tokens€35', '500 tokens€79'],
      monthly: '€9',
      faq: [
        'What are the photo guidelines?',
        'Will my headshots have a watermark?',
        'Do my credits expire?',
        'Can I try it for free?',
        'Is an AI headshot better than a photo shoot?',
      ],
      expire: 'One-time credits expire 12 months after purchase',
      claims: [
        'Upload 3 to 5 selfies',
        'Upload 3 to 5 recent photos of yourself',
        `400×400${nb}px export`,
        '4K headshots',
        'Full commercial rights',
        'Headshots you download with purchased tokens are watermark-free',
        'Delete your uploaded photos from your dashboard',
        'New styles are added every week',
      ],
    },
    fr: {
      path: '/fr/linkedin-headshot',
      other: { flag: /EN/, path: '/linkedin-headshot', nav: 'Langue' },
      signup: '/fr/signup',
      pricing: '/fr/pricing',
      heading: 'Des portraits professionnels pour LinkedIn et votre CV, sans séance photo',
      cta: 'Créer mon portrait',
      carousel: 'Portraits professionnels illustrés',
      sections: {
        problem: "Votre photo de profil, c'est votre première poignée de main",
        beforeAfter: 'Du selfie au portrait',
        styles: 'Un style de portrait pour chaque métier',
        features: "Tout ce qu'un portrait professionnel exige",
        tips: 'Pour des portraits réussis',
        example: `Concrètement, ça donne quoi${nb}?`,
        pricing: 'Tarifs',
        faq: 'Questions sur les portraits',
      },
      illustration: "Illustration de l'idée",
      example: 'Exemple illustratif, pas un avis client',
      packs: [
        `10 jetons3${nb}€`,
        `40 jetons9${nb}€`,
        `100 jetons19${nb}€`,
        `200 jetons35${nb}€`,
        `500 jetons79${nb}€`,
      ],
      monthly: `9${nb}€`,
      faq: [
        `Quelles photos faut-il importer${nb}?`,
        `Mes portraits auront-ils un filigrane${nb}?`,
        `Mes crédits expirent-ils${nb}?`,
        `Puis-je essayer gratuitement${nb}?`,
        `Un portrait IA vaut-il mieux qu'une séance photo${nb}?`,
      ],
      expire: "Les crédits achetés à l'unité expirent 12 mois après l'achat",
      claims: [
        'Importez 3 à 5 selfies',
        'Importez 3 à 5 photos récentes de vous',
        `Export en 400${nb}×${nb}400${nb}px`,
        'Portraits en 4K',
        'Droits commerciaux complets',
        'Les portraits téléchargés avec des jetons achetés sont sans filigrane',
        'Supprimez les photos importées depuis votre tableau de bord',
        'De nouveaux styles arrivent chaque semaine',
      ],
    },
  } as const;

  const LANGS = ['en', 'fr'] as const;

  const POOL = illustrations.headshots.map((i) => i.src);

  const browser = useBrowser();

  test('the carousel pool is the 30 headshot illustrations of the manifest', () => {
    expect(POOL).toHaveLength(30);
    expect(new Set(POOL).size).toBe(30);
  });

  test.each(LANGS)('%s: every section, with its counts, and no console error', async (lang) => {
    const copy = COPY[lang];
    const page = await browser.newPage(DESKTOP);
    const errors = consoleErrors(page);
    await page.goto(copy.path, { waitUntil: 'networkidle' });

    const hero = page.getByRole('region', { name: copy.heading, exact: true });
    await hero.getByRole('heading', { level: 1, name: copy.heading, exact: true }).waitFor();
    expect(await hero.getByRole('link', { name: copy.cta }).getAttribute('href')).toBe(copy.signup);
    expect(await hero.locator('img').first().getAttribute('fetchpriority')).toBe('high');

    const section = (name: string) => page.getByRole('region', { name, exact: true });
    expect(await section(copy.sections.problem).getByRole('listitem').count()).toBe(6);

    const beforeAfter = section(copy.sections.beforeAfter);
    const pictures = beforeAfter.locator('img');
    expect(
      await pictures.evaluateAll((imgs) => imgs.map((i) => new URL((i as HTMLImageElement).src).pathname)),
    ).toEqual(['/illustrations/before.webp', '/illustrations/after.webp']);
    for (const img of await pictures.all()) {
      expect((await img.getAttribute('alt'))?.length).toBeGreaterThan(10);
      expect(await img.getAttribute('loading')).toBe('lazy');
    }
    expect(await beforeAfter.locator('figcaption').textContent()).toContain(copy.illustration);

    const styles = section(copy.sections.styles).locator('img');
    expect(await styles.count()).toBe(8);
    for (const img of await styles.all()) {
      expect(await img.getAttribute('src')).toMatch(/^\/examples\/.+\.webp$/);
      expect(await img.getAttribute('loading')).toBe('lazy');
    }
    expect(await section(copy.sections.features).getByRole('listitem').count()).toBe(6);
    expect(await section(copy.sections.tips).getByRole('listitem').count()).toBeGreaterThanOrEqual(5);

    // The testimonial is an illustrative scenario, said so on the card: no invented customer.
    expect(await section(copy.sections.example).textContent()).toContain(copy.example);

    const pricing = section(copy.sections.pricing);
    const packs = await pricing.locator('.lp-packs li').allTextContents();
    expect(packs).toEqual(copy.packs);
    expect(await pricing.textContent()).toContain(copy.monthly);
    expect(await pricing.locator(`a[href="${copy.pricing}"]`).count()).toBe(1);

    const faq = section(copy.sections.faq);
    expect(await faq.locator('details > summary').allTextContents()).toEqual(copy.faq);
    // The product's contract keeps this contradiction with the pricing page ("never expire") on purpose.
    expect(await faq.locator('details').nth(2).textContent()).toContain(copy.expire);

    const text = (await page.locator('main').textContent()) ?? '';
    for (const claim of copy.claims) expect(text).toContain(claim);
    expect(await page.locator('aside a[rel="license"]').count()).toBeGreaterThan(0);

    const carousel = page.getByRole('region', { name: copy.carousel, exact: true });
    expect(await carousel.locator('img').first().getAttribute('alt')).toBe('');
    const shown = expectCarouselShape(await carouselRows(page), 4);
    expect([...shown].sort()).toEqual([...POOL].sort());

    expect(errors).toEqual([]);
  });

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

  languageAndStructuredDataTests(browser, COPY);

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

// The terms of service and the privacy policy, in English and
// French: every section, the table of contents, the last-updated date, the facts the product's contract fixes (both readings
// of its contradictions included), the link from the terms to the privacy policy, and the operator's identity
// from the build's configuration, or the notice that it is not configured.

describeInBrowser('legal pages', () => {
  // Written out here, not read from the app: a section that goes missing or is renamed fails the tests.
  const TERMS_IDS = [
    'general',
    'service',
    'accounts',
    'content',
    'data',
    'payment',
    'refund',
    'intellectual-property',
    'disclaimer',
    'limitation',
    'indemnification',
    'termination',
    'changes',
    'governing-law',
    'hosting',
    'contact',
  ];

  const PRIVACY_IDS = [
    'data-collected',
    'usage',
    'storage-retention',
    'sharing',
    'your-rights',
    'cookies',
    'email-marketing',
    'children',
    'international-transfers',
    'ai-provider',
    'contact',
  ];

  const DOCUMENTS = {
    en: {
      terms: {
        path: '/terms-of-service',
        title: 'Terms of Service',
        sections: [
          'General',
          'The service',
          'Accounts',
          'Your content and acceptable use',
          'Photos and personal data',
          'Tokens, prices and payment',
          'Refunds',
          'Intellectual property',
          'Disclaimer',
          'Limitation of liability',
          'Indemnification',
          'Suspension and termination',
          'Changes to these terms',
          'Governing law and disputes',
          'Hosting',
          'Contact',
        ],
        facts: [
          'You may use the images you generate for personal use only. Any commercial use requires our prior written permission.',
          'Uploaded photos are deleted automatically once generation completes.',
          'You can also delete your photos from your dashboard at any time.',
          'at least 30 days before they take effect',
          'limited to the amount you paid us in the 3 months before',
          'You must be at least 18 years old to create an account, or have the consent of a parent or legal guardian.',
          'Sales are final once a generation has started.',
          'Refunds are at our discretion and only granted when a technical failure on our side',
          'Tokens from one-time packs are lifetime tokens: they never expire.',
          'unused monthly tokens expire at the end of the month',
          'You can cancel at any time, and it stays active until the end of the current billing period.',
          'Prices are in euros and include tax.',
          'processed by a third-party AI provider',
          'after you have given your consent',
          'hosted by Amazon Web Services',
          '10 tokens: €3',
          '500 tokens: €79',
          'Monthly subscription: 100 tokens a month for €9 a month',
        ],
        prohibited: 6,
        updated: 'Last updated: 22 November 2026',
        datetime: '2026-11-22',
      },
      privacy: {
        path: '/privacy-policy',
        title: 'Privacy Policy',
        sections: [
          'Data we collect',
          'How we use your data',
          'Storage and retention',
          'Sharing',
          'Your rights (EU and California)',
          'Cookies and local storage',
          'Email marketing',
          'Children',
          'International transfers',
          'AI provider',
          'Contact and changes',
        ],
        facts: [
          'Usage data is kept for up to 24 months.',
          // Both readings of photo deletion, each true: the automatic one is a setting, off until turned on.
          'Uploaded photos are deleted automatically once generation completes if you ask for it: this is off until you turn on "Delete my photos once my avatars are ready" on your dashboard (Manage Photos)',
          'You can delete your photos yourself at any time from your dashboard.',
          'every photo is removed from your account automatically, and our storage erases it within a few days of that date.',
          'In the European Union (GDPR)',
          'In California (CCPA, as amended by the CPRA)',
          'We do not sell your personal data.',
          'you must be 18 or older, or have the consent of a parent or legal guardian',
          'Standard Contractual Clauses',
          'Your photos are processed by a third-party AI provider',
          'only after you have consented on the upload page',
          'servers of Amazon Web Services',
          // What the face check measures, why, and how long it is kept.
          'These numbers are biometric data.',
          'days of that date. Like everything deleted from our database, they then remain in its backups for up to 35 days',
          'Your data export says which photos were measured',
          'remains in those backups for up to 35 days after its deletion. Photo and image files are not in these backups.',
        ],
        prohibited: 0,
        updated: 'Last updated: 27 November 2026',
        datetime: '2026-11-27',
      },
      privacyLink: 'Privacy Policy',
      contents: 'Contents',
      notConfigured: "The operator's details are not configured for this deployment",
      operator: 'Operator of the service',
    },
    fr: {
      terms: {
        path: '/fr/terms-of-service',
        title: "Conditions générales d'utilisation",
        sections: [
          'Dispositions générales',
          'Le service',
          'Compte utilisateur',
          "Vos contenus et règles d'utilisation",
          'Photos et données personnelles',
          'Jetons, prix et paiement',
          'Remboursements',
          'Propriété intellectuelle',
          'Avertissement',
          'Limitation de responsabilité',
          'Garantie',
          'Suspension et résiliation',
          'Modification des conditions',
          'Droit applicable et litiges',
          'Hébergement',
          'Contact',
        ],
        facts: [
          'Vous pouvez utiliser les images générées pour un usage strictement personnel. Tout usage commercial nécessite notre autorisation écrite préalable.',
          'Les photos importées sont supprimées automatiquement une fois la génération terminée.',
          'Vous pouvez aussi supprimer vos photos à tout moment depuis votre tableau de bord.',
          'au moins 30 jours avant son entrée en vigueur',
          'limitée au montant que vous nous avez payé au cours des 3 mois précédant',
          "Vous devez avoir au moins 18 ans pour créer un compte, ou disposer de l'accord d'un parent ou représentant légal.",
          "Toute vente est définitive dès qu'une génération a commencé.",
          "Un remboursement reste à notre appréciation et n'est accordé qu'en cas de défaillance technique",
          "Les jetons achetés à l'unité sont des jetons à vie : ils n'expirent jamais.",
          'les jetons mensuels non utilisés expirent à la fin du mois',
          "Vous pouvez le résilier à tout moment ; il reste actif jusqu'à la fin de la période en cours.",
          'Les prix sont indiqués en euros, toutes taxes comprises.',
          "traitées par un prestataire d'IA tiers",
          'après avoir recueilli votre consentement',
          'hébergés par Amazon Web Services',
          '10 jetons : 3 €',
          '500 jetons : 79 €',
          'Abonnement mensuel : 100 jetons par mois pour 9 € par mois',
        ],
        prohibited: 6,
        updated: 'Dernière mise à jour : 22 novembre 2026',
        datetime: '2026-11-22',
      },
      privacy: {
        path: '/fr/privacy-policy',
        title: 'Politique de confidentialité',
        sections: [
          'Données collectées',
          'Utilisation des données',
          'Stockage et durée de conservation',
          'Partage des données',
          'Vos droits (Union européenne et Californie)',
          'Cookies et stockage local',
          'Prospection par e-mail',
          'Mineurs',
          "Transferts hors de l'Union européenne",
          "Prestataire d'IA",
          'Contact et modifications',
        ],
        facts: [
          "Les données d'utilisation sont conservées 24 mois au maximum.",
          "Les photos importées sont supprimées automatiquement une fois la génération terminée si vous le demandez : c'est désactivé tant que vous n'avez pas coché « Supprimer mes photos dès que mes avatars sont prêts » sur votre tableau de bord (Mes photos)",
          'Vous pouvez aussi supprimer vos photos vous-même à tout moment depuis votre tableau de bord.',
          "chaque photo est retirée automatiquement de votre compte, et notre stockage l'efface dans les quelques jours qui suivent cette date.",
          'ils restent ensuite dans ses sauvegardes 35 jours au plus',
          'reste donc dans ces sauvegardes 35 jours au plus après sa suppression.',
          "Dans l'Union européenne (RGPD)",
          'En Californie (CCPA, modifié par le CPRA)',
          'Nous ne vendons pas vos données personnelles.',
          "vous devez avoir 18 ans ou plus, ou disposer de l'accord d'un parent ou représentant légal",
          'clauses contractuelles types',
          "Vos photos sont traitées par un prestataire d'IA tiers",
          'Ces nombres sont des données biométriques.',
          "qu'après votre consentement sur la page d'import",
          "serveurs d'Amazon Web Services",
        ],
        prohibited: 0,
        updated: 'Dernière mise à jour : 27 novembre 2026',
        datetime: '2026-11-27',
      },
      privacyLink: 'politique de confidentialité',
      contents: 'Sommaire',
      notConfigured: "Les informations de l'éditeur ne sont pas configurées pour ce déploiement",
      operator: 'Éditeur du service',
    },
  } as const;

  const LANGS = ['en', 'fr'] as const;

  const COMPANY_VARIABLES = [
    'VITE_COMPANY_NAME',
    'VITE_COMPANY_ADDRESS',
    'VITE_COMPANY_REGISTRATION',
    'VITE_COMPANY_EMAIL',
  ];

  // The tests build the site with their own environment (tests/support/global-setup.ts), so it tells which
  // of the two the pages must show.
  const companyConfigured = COMPANY_VARIABLES.every((name) => process.env[name]?.trim());

  /** French typography puts no-break spaces before : ; ? and inside « »: compare plain spaces. */
  const plain = (s: string | null): string => (s ?? '').replace(/\s+/g, ' ').trim();

  const sectionHeadings = async (page: Page) =>
    (await page.locator('.legal__section h2').allTextContents()).map(plain);

  const browser = useBrowser();

  describe.each(LANGS)('in %s', (lang) => {
    const doc = DOCUMENTS[lang];

    test.each([
      ['terms', TERMS_IDS],
      ['privacy', PRIVACY_IDS],
    ] as const)(
      '%s: every section, in order, with a table of contents and the facts of the product’s contract',
      async (kind, ids) => {
        const text = doc[kind];
        const page = await browser.newPage(DESKTOP);
        await page.goto(text.path);
        await page.getByRole('heading', { level: 1, name: text.title, exact: true }).waitFor();
        expect(await sectionHeadings(page)).toEqual(text.sections.map((title, i) => `${i + 1}. ${title}`));
        expect(await page.locator('.legal__section').evaluateAll((els) => els.map((el) => el.id))).toEqual(
          ids,
        );

        // The contents link to every section.
        const contents = page.getByRole('navigation', { name: doc.contents }).first();
        expect(
          await contents.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
        ).toEqual(ids.map((id) => `#${id}`));
        expect(plain(await page.getByTestId('last-updated').textContent())).toBe(text.updated);
        expect(await page.locator('time').getAttribute('datetime')).toBe(text.datetime);

        const body = plain(await page.locator('.legal').textContent());
        for (const fact of text.facts) expect(body, fact).toContain(fact);
        expect(await page.locator('#content li').count()).toBe(text.prohibited);

        // The footer's legal links are there on the legal pages too.
        const footer = page.getByRole('contentinfo');
        for (const other of ['terms', 'privacy'] as const) {
          expect(await footer.locator(`a[href="${doc[other].path}"]`).count()).toBe(1);
        }

        // Clicking an entry of the contents brings its section into view, below the sticky navbar.
        const last = ids.at(-1) as string;
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
        expect(await page.locator('.legal__section').count()).toBe(doc[kind].sections.length);
      }
    });

    test('the terms link to the privacy policy', async () => {
      const page = await browser.newPage();
      await page.goto(doc.terms.path);
      await page.locator('.legal__intro').getByRole('link', { name: doc.privacyLink, exact: true }).click();
      await waitForPath(page, doc.privacy.path);
      await page.getByRole('heading', { level: 1, name: doc.privacy.title, exact: true }).waitFor();
    });

    test(
      companyConfigured
        ? "both pages show the operator's identity from the build's configuration"
        : "without a configured company, both pages say the operator's details are not configured",
      async () => {
        const page = await browser.newPage();
        for (const kind of ['terms', 'privacy'] as const) {
          await page.goto(doc[kind].path);
          await page.getByRole('heading', { level: 1, name: doc[kind].title, exact: true }).waitFor();
          if (companyConfigured) {
            const details = page.getByTestId('company-details');
            expect(plain(await details.locator('p').first().textContent())).toBe(doc.operator);
            const shown = plain(await details.textContent());
            for (const name of COMPANY_VARIABLES.slice(0, 3)) {
              expect(shown).toContain(plain(process.env[name] as string));
            }
            expect(await details.locator('a').getAttribute('href')).toBe(
              `mailto:${process.env.VITE_COMPANY_EMAIL?.trim()}`,
            );
            expect(await page.getByTestId('company-not-configured').count()).toBe(0);
          } else {
            const notice = page.getByTestId('company-not-configured');
            expect(plain(await notice.locator('p').first().textContent())).toBe(doc.notConfigured);
            expect(await notice.locator('code').allTextContents()).toEqual(COMPANY_VARIABLES);
            expect(await page.getByTestId('company-details').count()).toBe(0);
            // Nothing made up: no contact address anywhere on the page.
            expect(await page.locator('a[href^="mailto:"]').count()).toBe(0);
          }
        }
      },
    );

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

// The pricing page, in English and French: the pack selector and its prices,
// the subscription card's states, the way to checkout (logged out: to the login page; signed in: through the
// checkout routes), the FAQ and the structured data. Checkout itself, through the local Stripe stand-in, is
// tested in payments.test.ts.

describeInBrowser('pricing page', () => {
  // Written out here, not read from the app: a changed price, label or message fails the tests.
  const COPY = {
    en: {
      path: '/pricing',
      heading: 'Simple pricing, no surprises',
      login: '/login',
      loginHeading: 'Log in to Aivatar',
      packLabel: 'Choose your pack',
      packs: ['10 tokens · €3', '40 tokens · €9', '100 tokens · €19', '200 tokens · €35', '500 tokens · €79'],
      firstPrice: '€3',
      firstTokens: '10 tokens',
      thirdPrice: '€19',
      thirdTokens: '100 tokens',
      subscriptionPrice: '€9',
      logInToBuy: 'Log in to Buy',
      logInToSubscribe: 'Log in to Subscribe',
      buy: (tokens: number) => `Buy ${tokens} tokens`,
      subscribe: 'Subscribe',
      checking: 'Checking your subscription…',
      active: 'You already have an active subscription',
      manage: 'Manage Subscription',
      paymentFailed: 'An error occurred while initializing the payment. Please try again.',
      subscriptionFailed: 'An error occurred while initializing the subscription. Please try again.',
      dashboardFailed: 'Failed to open subscription management dashboard.',
      signupPath: '/signup',
      faq: [
        'Can I cancel my subscription at any time?',
        'How do the monthly credits work?',
        'What happens to monthly tokens I do not use?',
        'What are one-time tokens?',
      ],
      faqAnswerFragments: [
        'end of the current billing period',
        'each month',
        'expire at the end of the month',
        'never expire',
      ],
    },
    fr: {
      path: '/fr/pricing',
      heading: 'Des tarifs simples, sans surprise',
      login: '/fr/login',
      loginHeading: 'Connexion à Aivatar',
      packLabel: 'Choisissez votre pack',
      packs: [
        '10 jetons · 3 €',
        '40 jetons · 9 €',
        '100 jetons · 19 €',
        '200 jetons · 35 €',
        '500 jetons · 79 €',
      ],
      firstPrice: '3 €',
      firstTokens: '10 jetons',
      thirdPrice: '19 €',
      thirdTokens: '100 jetons',
      subscriptionPrice: '9 €',
      logInToBuy: 'Se connecter pour acheter',
      logInToSubscribe: "Se connecter pour s'abonner",
      buy: (tokens: number) => `Acheter ${tokens} jetons`,
      subscribe: "S'abonner",
      checking: 'Vérification de votre abonnement…',
      active: 'Vous avez déjà un abonnement actif',
      manage: "Gérer l'abonnement",
      paymentFailed: "Une erreur est survenue lors de l'initialisation du paiement. Veuillez réessayer.",
      subscriptionFailed:
        "Une erreur est survenue lors de l'initialisation de l'abonnement. Veuillez réessayer.",
      dashboardFailed: "Impossible d'ouvrir l'espace de gestion de votre abonnement.",
      signupPath: '/fr/signup',
      faq: [
        'Puis-je résilier mon abonnement à tout moment ?',
        'Comment fonctionnent les crédits mensuels ?',
        "Que deviennent les jetons mensuels que je n'utilise pas ?",
        "Qu'est-ce que les jetons à l'unité ?",
      ],
      faqAnswerFragments: [
        'fin de la période en cours',
        'chaque mois',
        'expirent à la fin du mois',
        "n'expirent jamais",
      ],
    },
  } as const;

  const LANGS = ['en', 'fr'] as const;

  /** French typography puts (narrow) no-break spaces before € and inside punctuation: compare plain spaces. */
  const plain = (s: string | null): string => (s ?? '').replace(/\s+/g, ' ').trim();

  /** The SPA has taken over the prerendered page: React's props are on its elements. */
  async function waitForHydration(page: Page): Promise<void> {
    await page.waitForFunction(() => {
      const select = document.querySelector('.price-card select');
      return select !== null && Object.keys(select).some((k) => k.startsWith('__reactProps'));
    });
  }

  const packSelect = (page: Page, lang: 'en' | 'fr') => page.getByLabel(COPY[lang].packLabel);

  const errorLine = (page: Page) => page.getByTestId('pricing-error');

  const subscriptionCard = (page: Page) => page.getByTestId('subscription-card');

  const browser = useBrowser();

  describe.each(LANGS)('in %s', (lang) => {
    const copy = COPY[lang];

    test('five packs, the first selected with its price; another pack shows its own price', async () => {
      const page = await browser.newPage();
      const checks: string[] = [];
      page.on('request', (r) => r.url().includes('/check_subscription') && checks.push(r.url()));
      await page.goto(copy.path);
      await waitForHydration(page);

      const select = packSelect(page, lang);
      expect((await select.locator('option').allTextContents()).map(plain)).toEqual(copy.packs);
      expect(await select.inputValue()).toBe('pack-10');
      expect(plain(await page.getByTestId('pack-price').textContent())).toBe(copy.firstPrice);
      expect(plain(await page.getByTestId('pack-tokens').textContent())).toBe(copy.firstTokens);

      await select.selectOption('pack-100');
      await expect
        .poll(async () => plain(await page.getByTestId('pack-price').textContent()))
        .toBe(copy.thirdPrice);
      expect(plain(await page.getByTestId('pack-tokens').textContent())).toBe(copy.thirdTokens);

      // The subscription: 100 tokens a month for 9 EUR.
      const card = subscriptionCard(page);
      expect(plain(await card.locator('.price-card__amount').textContent())).toBe(copy.subscriptionPrice);
      // The subscription check is only made for a signed-in user.
      await page.waitForLoadState('networkidle');
      expect(checks).toEqual([]);
    });

    test('a visitor: asked to log in to buy a pack and to subscribe, with no button to pay', async () => {
      const page = await browser.newPage();
      await page.goto(copy.path);
      await waitForHydration(page);
      const card = subscriptionCard(page);
      expect(await page.getByRole('link', { name: copy.logInToBuy, exact: true }).count()).toBe(1);
      expect(await card.getByRole('link', { name: copy.logInToSubscribe, exact: true }).count()).toBe(1);
      expect(await page.locator('.price-card button').count()).toBe(0);
    });

    test("'Log in to Buy' and 'Log in to Subscribe' lead to the login page in the page's language", async () => {
      const page = await browser.newPage();
      // Naming the plan chosen, whose checkout follows the login (payments.test.ts).
      for (const [name, plan] of [
        [copy.logInToBuy, 'pack-10'],
        [copy.logInToSubscribe, 'monthly-100'],
      ] as const) {
        await page.goto(copy.path);
        await waitForHydration(page);
        await page.getByRole('link', { name, exact: true }).click();
        await waitForPath(page, `${copy.login}?buy=${plan}`);
        await page.getByRole('heading', { name: copy.loginHeading }).waitFor();
      }
    });

    test('signed in: Buy and Subscribe call checkout; a failure shows on the error line and in a toast, seen on a phone', async () => {
      const { token } = await createAccount(uniqueEmail('pricing'), { lang });
      const page = await browser.newPage(PHONE);
      // The check says "not subscribed"; checkout fails at the HTTP edge.
      await page.route('**/check_subscription', (route) =>
        route.fulfill({ json: { hasActiveSubscription: false } }),
      );
      await page.route('**/checkout/**', (route) =>
        route.fulfill({ status: 503, json: { message: 'Service Unavailable' } }),
      );
      const check = page.waitForRequest((r) => r.url().endsWith('/check_subscription'));
      await openSignedIn(page, token, copy.path);
      expect((await check).headers().authorization).toBe(`Bearer ${token}`);
      const subscribe = subscriptionCard(page).getByRole('button', { name: copy.subscribe, exact: true });
      await subscribe.waitFor();
      expect(await subscriptionCard(page).getAttribute('data-state')).toBe('inactive');
      // The session arrives after hydration and keeps the prerendered copy on the page.
      await page.getByRole('heading', { level: 1, name: copy.heading, exact: true }).waitFor();
      expect(await page.getByTestId('faq-item').count()).toBe(4);
      expect(await page.locator('.price-card__features li').count()).toBe(8);
      expect(await page.getByText(copy.active).count()).toBe(0);
      expect(plain(await errorLine(page).textContent())).toBe('');

      await packSelect(page, lang).selectOption('pack-40');
      const buyRequest = page.waitForRequest((r) => r.url().includes('/checkout/one-time/'));
      const buyButton = page.getByRole('button', { name: copy.buy(40), exact: true });
      await buyButton.click();
      const buy = await buyRequest;
      expect(new URL(buy.url()).pathname).toBe('/checkout/one-time/pack-40');
      expect(buy.method()).toBe('POST');
      expect(buy.postDataJSON()).toEqual({ tokens: 40 });
      await errorLine(page).getByText(copy.paymentFailed, { exact: true }).waitFor();
      // The error line is far below the button on a phone: the toast shows the failure where the user looks.
      const toast = page.getByTestId('toast').filter({ hasText: copy.paymentFailed });
      await toast.waitFor();
      expect(await toast.isVisible()).toBe(true);
      const box = await toast.boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= PHONE.height).toBe(true);
      expect(await buyButton.isVisible()).toBe(true);

      const subscribeRequest = page.waitForRequest((r) => r.url().includes('/checkout/subscription/'));
      await subscribe.click();
      const sub = await subscribeRequest;
      expect(new URL(sub.url()).pathname).toBe('/checkout/subscription/monthly-100');
      expect(sub.postDataJSON()).toEqual({ tokens: 100 });
      await errorLine(page).getByText(copy.subscriptionFailed, { exact: true }).waitFor();
      await page.getByTestId('toast').filter({ hasText: copy.subscriptionFailed }).waitFor();
      expect(await errorLine(page).getByRole('alert').count()).toBe(1);
      expect(pathNow(page)).toBe(copy.path);
    });

    test('an active subscription: loading first, then the message and Manage Subscription, whose failure shows', async () => {
      const { token } = await createAccount(uniqueEmail('pricing-active'), { lang });
      const page = await browser.newPage();
      // The billing backend comes later: only the check's answer is made up, after a pause to see the loading state.
      let answer: () => void = () => {};
      const answered = new Promise<void>((resolve) => {
        answer = resolve;
      });
      await page.route('**/check_subscription', async (route) => {
        await answered;
        await route.fulfill({ json: { hasActiveSubscription: true } });
      });
      await openSignedIn(page, token, copy.path);
      const card = subscriptionCard(page);
      await card.getByText(copy.checking, { exact: true }).waitFor();
      expect(await card.getByRole('button').count()).toBe(0);
      answer();
      await card.getByText(copy.active, { exact: true }).waitFor();
      expect(await card.getByRole('button', { name: copy.subscribe, exact: true }).count()).toBe(0);
      // The dashboard route is real: this account has no Stripe customer yet (404), so it fails.
      await card.getByRole('button', { name: copy.manage, exact: true }).click();
      await errorLine(page).getByText(copy.dashboardFailed, { exact: true }).waitFor();
    });

    test('the subscription FAQ has its 4 items', async () => {
      const page = await browser.newPage();
      await page.goto(copy.path);
      await waitForHydration(page);
      const items = page.getByTestId('faq-item');
      expect(await items.count()).toBe(4);
      expect((await items.locator('summary').allTextContents()).map(plain)).toEqual(copy.faq);
      for (const [i, fragment] of copy.faqAnswerFragments.entries()) {
        const item = items.nth(i);
        await item.locator('summary').click();
        expect(plain(await item.locator('p').textContent())).toContain(fragment);
        expect(await item.locator('p').isVisible()).toBe(true);
      }
    });

    test('the structured data lists every offer in EUR and USD, and the FAQ', async () => {
      const page = await browser.newPage();
      await page.goto(copy.path);
      await waitForHydration(page);
      const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
        (text) => JSON.parse(text) as Record<string, unknown>,
      );
      const product = blocks.find((b) => b['@type'] === 'Product') as {
        offers: { sku: string; price: string; priceCurrency: string }[];
        aggregateRating?: unknown;
      };
      const faq = blocks.find((b) => b['@type'] === 'FAQPage') as {
        mainEntity: { name: string; acceptedAnswer: { text: string } }[];
      };
      expect(product).toBeDefined();
      expect(product.aggregateRating).toBeUndefined();
      const prices = {
        'pack-10': '3.00',
        'pack-40': '9.00',
        'pack-100': '19.00',
        'pack-200': '35.00',
        'pack-500': '79.00',
        'monthly-100': '9.00',
      };
      for (const currency of ['EUR', 'USD']) {
        const offers = product.offers.filter((o) => o.priceCurrency === currency);
        expect(Object.fromEntries(offers.map((o) => [o.sku, o.price]))).toEqual(prices);
      }
      expect(product.offers).toHaveLength(12);
      expect(faq.mainEntity.map((q) => plain(q.name))).toEqual(copy.faq);
      expect(faq.mainEntity.every((q) => q.acceptedAnswer.text.length > 40)).toBe(true);
    });
  });

  test('a checkout answer replaces the page; an address that is not a web page is refused', async () => {
    const { token } = await createAccount(uniqueEmail('pricing-redirect'));
    const page = await browser.newPage();
    const { webUrl } = stack();
    // The payment backend comes later: its answer is made up here, the page's handling of it is real.
    let checkoutUrl = 'javascript:alert(1)';
    await page.route('**/checkout/one-time/*', (route) =>
      route.fulfill({ json: { checkout_url: checkoutUrl } }),
    );
    await openSignedIn(page, token, '/pricing');
    const buy = page.getByRole('button', { name: 'Buy 10 tokens', exact: true });
    await buy.click();
    await errorLine(page).getByText(COPY.en.paymentFailed, { exact: true }).waitFor();
    expect(pathNow(page)).toBe('/pricing');

    checkoutUrl = `${webUrl}/favicon.svg?checkout=pack-10`;
    await buy.click();
    await waitForPath(page, '/favicon.svg?checkout=pack-10');
  });
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

// The public navbar and footer: Home, Create Avatar
// when signed in, Pricing and Tokens; the language flags keep the page and switch the /fr prefix with a
// full page load; the phone menu locks page scrolling; the bar changes after 50 px of scroll; the footer's
// links (headshot page, terms, privacy, contact).

describeInBrowser('public navbar and footer', () => {
  const COPY = {
    en: {
      prefix: '',
      nav: 'Main',
      language: 'Language',
      home: 'Home',
      pricing: 'Pricing',
      tokens: 'Tokens',
      app: 'Create Avatar',
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
      home: 'Accueil',
      pricing: 'Tarifs',
      tokens: 'Jetons',
      app: 'Créer un avatar',
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

  async function links(scope: ReturnType<Page['locator']>): Promise<[string, string][]> {
    return scope
      .getByRole('link')
      .evaluateAll((els) => els.map((a) => [a.textContent?.trim() ?? '', a.getAttribute('href') ?? '']));
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

    test('the navbar links: Home, Pricing and Tokens; Create Avatar only when signed in', async () => {
      const page = await browser.newPage(DESKTOP);
      await page.goto(p('/pricing'));
      await waitForHydration(page);
      const nav = page.getByRole('navigation', { name: copy.nav });
      expect(await links(nav)).toEqual([
        [copy.home, p('/')],
        [copy.pricing, p('/pricing')],
        [copy.tokens, `${p('/pricing')}#tokens`],
      ]);

      const { token } = await createAccount(uniqueEmail('navbar'), { lang });
      await openSignedIn(page, token, p('/pricing'));
      await nav.getByRole('link', { name: copy.app, exact: true }).waitFor();
      expect(await links(nav)).toEqual([
        [copy.home, p('/')],
        [copy.app, p('/app')],
        [copy.pricing, p('/pricing')],
        [copy.tokens, `${p('/pricing')}#tokens`],
      ]);
    });

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

    test('the footer links to the headshot page, the legal pages and a contact', async () => {
      const page = await browser.newPage(DESKTOP);
      await page.goto(p('/pricing'));
      await waitForHydration(page);
      const footer = page.getByRole('contentinfo');
      const footerLinks = await links(footer);
      const expected: [string, string][] = [
        [copy.terms, p('/terms-of-service')],
        [copy.privacy, p('/privacy-policy')],
        [copy.pricing, p('/pricing')],
        [copy.contact, contactEmail ? `mailto:${contactEmail}` : `${p('/terms-of-service')}#contact`],
        [copy.headshots, p('/linkedin-headshot')],
      ];
      for (const link of expected) expect(footerLinks).toContainEqual(link);

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
