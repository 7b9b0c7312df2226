// The professional headshot page (spec sections 1, 2 and 9), in English and French: every section with its
// counts, the 30-image carousel, the before/after illustration, the photo guidance, the pricing block, the
// FAQ (with the 12-month expiry the spec keeps on purpose), the language flags, the structured data and the
// prerendered HTML.
import { expect, test } from 'vitest';
import illustrations from '../../web/src/content/illustrations.json';
import { DESKTOP, describeInBrowser, PHONE, useBrowser, waitForPath } from '../support/browser.ts';
import {
  carouselRows,
  consoleErrors,
  differentOrder,
  expectCarouselShape,
  languageAndStructuredDataTests,
  rawHtml,
  textOf,
} from './marketing-pages.ts';

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

describeInBrowser('professional headshot page', () => {
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
      expect(await img.getAttribute('src')).toMatch(/^\/illustrations\/.+\.webp$/);
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
    // The spec keeps this contradiction with the pricing page ("never expire") on purpose.
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
