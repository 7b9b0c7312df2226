// The landing page and the professional headshot page as their prerendered HTML shows them once the app has
// hydrated it, in English and French: every section with its counts, the links, the pictures' and the demo
// video's attributes, the FAQ (native <details>), the claims, the illustration credits, the avatar carousel
// (its shape, from the pool of the manifest), the structured data, a clean hydration, a link in the
// prerendered copy handled by the app's router, and the likeness guarantee (there and on the pricing page).
// What needs Chromium (the shuffle on every load, the rows' animations, the language flags' page loads, the
// HTML the server sends, the redirect of a signed-in visitor, no console error on a real load) stays in
// tests/browser/public-pages.test.ts.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import illustrations from '../../web/src/content/illustrations.json';
import { currentLocation, renderPrerendered } from './support/render.tsx';

const nb = '\u00a0';
const LANGS = ['en', 'fr'] as const;

/** The catalogue, written out: a changed catalogue or a missing currency fails the tests. */
const CATALOGUE = {
  packs: ['3.00', '9.00', '19.00', '35.00', '79.00'],
  subscription: '9.00',
};

const region = (name: string): HTMLElement => screen.getByRole('region', { name });
const all = (scope: ParentNode, selector: string): Element[] => [...scope.querySelectorAll(selector)];
const texts = (scope: ParentNode, selector: string): string[] =>
  all(scope, selector).map((e) => e.textContent ?? '');
const pathOf = (src: string | null): string => new URL(src ?? '', 'http://app.test').pathname;

/** The carousel's rows, as the image paths each row shows, once the app has shuffled them. */
async function carouselRows(): Promise<string[][]> {
  const carousel = await waitFor(() => {
    const shuffled = document.querySelector('[data-carousel][data-shuffled]');
    expect(shuffled).not.toBeNull();
    return shuffled as Element;
  });
  return all(carousel, '.carousel__track').map((track) =>
    all(track, 'img').map((img) => pathOf(img.getAttribute('src'))),
  );
}

/**
 * Rows as the product's contract wants them: `rowCount` rows of at most 8 images, each row its images three
 * times in the same order (the seamless loop), no image twice; returns the images shown, in order.
 */
function expectCarouselShape(rows: string[][], rowCount: number): string[] {
  expect(rows).toHaveLength(rowCount);
  const shown: string[] = [];
  for (const row of rows) {
    expect(row.length % 3).toBe(0);
    const once = row.slice(0, row.length / 3);
    expect(once.length).toBeGreaterThan(0);
    expect(once.length).toBeLessThanOrEqual(8);
    expect(row).toEqual([...once, ...once, ...once]);
    shown.push(...once);
  }
  expect(new Set(shown).size).toBe(shown.length);
  return shown;
}

type JsonLd = Record<string, unknown> & { '@type': string };

const jsonLd = (): JsonLd[] =>
  texts(document, 'script[type="application/ld+json"]').map((text) => JSON.parse(text) as JsonLd);

/** A Product whose offers list every pack and the subscription in EUR and at the same amount in USD. */
function expectProductOffers(data: JsonLd[]): void {
  const product = data.find((d) => d['@type'] === 'Product');
  expect(product, 'a Product in the JSON-LD').toBeDefined();
  expect(product).not.toHaveProperty('aggregateRating');
  expect(product).not.toHaveProperty('review');
  const offers = (product?.offers ?? []) as { price: string; priceCurrency: string; name: string }[];
  const prices = (currency: string) =>
    offers
      .filter((o) => o.priceCurrency === currency)
      .map((o) => o.price)
      .sort();
  const expected = [...CATALOGUE.packs, CATALOGUE.subscription].sort();
  expect(prices('EUR')).toEqual(expected);
  expect(prices('USD')).toEqual(expected);
  expect(offers).toHaveLength(expected.length * 2);
}

/** The FAQPage data: the same questions and answers as the page shows. */
function expectFaqData(data: JsonLd[], questions: readonly string[]): void {
  const faq = data.find((d) => d['@type'] === 'FAQPage');
  expect(faq, 'a FAQPage in the JSON-LD').toBeDefined();
  const entities = (faq?.mainEntity ?? []) as { name: string; acceptedAnswer: { text: string } }[];
  expect(entities.map((q) => q.name)).toEqual(questions);
  expect(entities.map((q) => q.acceptedAnswer.text)).toEqual(texts(document, '#faq details > p'));
}

// A page is prerendered, then hydrated: a few seconds beside the other files on two shared cores.
describe('landing page', { timeout: 30_000 }, () => {
  // Written out here, not read from the app: a changed or missing string fails the tests.
  const COPY = {
    en: {
      path: '/',
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
      signupHeading: 'Create your account',
    },
    fr: {
      path: '/fr',
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
      signupHeading: 'Créez votre compte',
    },
  } as const;

  const POOL = illustrations.carousel.map((i) => i.src);

  test('the carousel pool is the 33 illustrations of the manifest', () => {
    expect(POOL).toHaveLength(33);
    expect(new Set(POOL).size).toBe(33);
  });

  test.each(LANGS)('%s: every section, with its counts, and a clean hydration', async (lang) => {
    const copy = COPY[lang];
    const page = await renderPrerendered(copy.path);
    const rows = await carouselRows();

    const hero = region(copy.heading);
    within(hero).getByRole('heading', { level: 1, name: copy.heading });
    expect(within(hero).getByRole('link', { name: copy.cta }).getAttribute('href')).toBe(copy.signup);
    const heroImages = all(hero, 'img');
    expect(heroImages).toHaveLength(4);
    expect(heroImages[0]?.getAttribute('loading')).toBeNull();
    expect(heroImages[0]?.getAttribute('fetchpriority')).toBe('high');
    expect(within(screen.getByRole('list', { name: copy.facts })).getAllByRole('listitem')).toHaveLength(6);

    expect(
      within(region(copy.sections.audience))
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(copy.audience);
    expect(within(region(copy.sections.steps)).getAllByRole('listitem')).toHaveLength(3);

    const demo = region(copy.sections.demo);
    const video = demo.querySelector('video') as HTMLVideoElement;
    expect(video.getAttribute('controls')).not.toBeNull();
    expect(video.getAttribute('preload')).toBe('none');
    expect(video.getAttribute('poster')).toBe('/demo/poster.webp');
    expect(video.getAttribute('width')).toBeTruthy();
    expect(video.getAttribute('height')).toBeTruthy();
    expect(video.querySelector('source')?.getAttribute('src')).toBe('/demo/aivatar-demo.mp4');
    expect(video.querySelector('source')?.getAttribute('type')).toBe('video/mp4');
    expect(demo.textContent).toContain(copy.demoLength);

    const examples = all(region(copy.sections.styles), 'img');
    expect(examples).toHaveLength(8);
    for (const img of examples) {
      expect(img.getAttribute('src')).toMatch(/^\/examples\/.+\.webp$/);
      expect(img.getAttribute('loading')).toBe('lazy');
      expect(Number(img.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(img.getAttribute('height'))).toBeGreaterThan(0);
    }

    expect(within(region(copy.sections.benefits)).getAllByRole('listitem')).toHaveLength(6);

    const pricing = region(copy.sections.pricing);
    for (const price of copy.prices) expect(pricing.textContent).toContain(price);
    expect(all(pricing, `a[href="${copy.pricing}"]`)).toHaveLength(1);

    region(copy.sections.whatIs);

    const faq = region(copy.sections.faq);
    expect(texts(faq, 'details > summary')).toEqual(copy.faq);
    // Native <details>: closed at first, opened by a click (or a keyboard), no script needed.
    const first = faq.querySelector('details') as HTMLDetailsElement;
    expect(first.getAttribute('open')).toBeNull();
    await page.user.click(first.querySelector('summary') as HTMLElement);
    expect(first.getAttribute('open')).not.toBeNull();

    const cta = region(copy.sections.cta);
    expect(within(cta).getByRole('link', { name: copy.cta }).getAttribute('href')).toBe(copy.signup);

    const credits = screen.getByRole('complementary', { name: copy.credits });
    expect(all(credits, 'a[rel="license"]')).toHaveLength(illustrations.credits.length);

    const text = document.querySelector('main')?.textContent ?? '';
    for (const claim of copy.claims) expect(text).toContain(claim);

    const carousel = region(copy.carousel);
    expect(carousel.querySelector('img')?.getAttribute('alt')).toBe('');
    const pause = within(carousel).getByRole('button', { name: copy.pause });
    expect(pause.getAttribute('aria-pressed')).toBe('false');
    await page.user.click(pause);
    expect(pause.getAttribute('aria-pressed')).toBe('true');
    const shown = expectCarouselShape(rows, 4);
    // 4 rows of at most 8: 32 of the pool of 33 on each load.
    expect(shown).toHaveLength(32);
    for (const src of shown) expect(POOL).toContain(src);

    expect(page.consoleErrors).toEqual([]);
  });

  test.each(LANGS)('%s: the JSON-LD lists every offer in EUR and USD, and the FAQ as shown', async (lang) => {
    await renderPrerendered(COPY[lang].path);
    await carouselRows();
    const data = jsonLd();
    expectProductOffers(data);
    expectFaqData(data, COPY[lang].faq);
  });

  test.each(LANGS)(
    '%s: a link in the prerendered copy opens the sign-up screen in the app, without a page load',
    async (lang) => {
      const copy = COPY[lang];
      const page = await renderPrerendered(copy.path);
      await carouselRows();
      // Were the app to leave the click to the browser, the link would load a new document.
      let leftToTheBrowser: boolean | null = null;
      const watch = (event: MouseEvent) => {
        leftToTheBrowser = !event.defaultPrevented;
        event.preventDefault();
      };
      document.addEventListener('click', watch);
      try {
        await page.user.click(within(region(copy.heading)).getByRole('link', { name: copy.cta }));
      } finally {
        document.removeEventListener('click', watch);
      }
      expect(leftToTheBrowser).toBe(false);
      expect(currentLocation().pathname).toBe(copy.signup);
      await screen.findByRole('heading', { level: 1, name: copy.signupHeading });
      expect(page.consoleErrors).toEqual([]);
    },
  );
});

describe('professional headshot page', { timeout: 30_000 }, () => {
  // Written out here, not read from the app: a changed or missing string fails the tests.
  const COPY = {
    en: {
      path: '/linkedin-headshot',
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

  const POOL = illustrations.headshots.map((i) => i.src);

  test('the carousel pool is the 30 headshot illustrations of the manifest', () => {
    expect(POOL).toHaveLength(30);
    expect(new Set(POOL).size).toBe(30);
  });

  test.each(LANGS)('%s: every section, with its counts, and a clean hydration', async (lang) => {
    const copy = COPY[lang];
    const page = await renderPrerendered(copy.path);
    const rows = await carouselRows();

    const hero = region(copy.heading);
    within(hero).getByRole('heading', { level: 1, name: copy.heading });
    expect(within(hero).getByRole('link', { name: copy.cta }).getAttribute('href')).toBe(copy.signup);
    expect(hero.querySelector('img')?.getAttribute('fetchpriority')).toBe('high');

    expect(within(region(copy.sections.problem)).getAllByRole('listitem')).toHaveLength(6);

    const beforeAfter = region(copy.sections.beforeAfter);
    const pictures = all(beforeAfter, 'img');
    expect(pictures.map((img) => pathOf(img.getAttribute('src')))).toEqual([
      '/illustrations/before.webp',
      '/illustrations/after.webp',
    ]);
    for (const img of pictures) {
      expect(img.getAttribute('alt')?.length).toBeGreaterThan(10);
      expect(img.getAttribute('loading')).toBe('lazy');
    }
    expect(beforeAfter.querySelector('figcaption')?.textContent).toContain(copy.illustration);

    const styles = all(region(copy.sections.styles), 'img');
    expect(styles).toHaveLength(8);
    for (const img of styles) {
      expect(img.getAttribute('src')).toMatch(/^\/examples\/.+\.webp$/);
      expect(img.getAttribute('loading')).toBe('lazy');
    }
    expect(within(region(copy.sections.features)).getAllByRole('listitem')).toHaveLength(6);
    expect(within(region(copy.sections.tips)).getAllByRole('listitem').length).toBeGreaterThanOrEqual(5);

    // The testimonial is an illustrative scenario, said so on the card: no invented customer.
    expect(region(copy.sections.example).textContent).toContain(copy.example);

    const pricing = region(copy.sections.pricing);
    expect(texts(pricing, '.lp-packs li')).toEqual(copy.packs);
    expect(pricing.textContent).toContain(copy.monthly);
    expect(all(pricing, `a[href="${copy.pricing}"]`)).toHaveLength(1);

    const faq = region(copy.sections.faq);
    expect(texts(faq, 'details > summary')).toEqual(copy.faq);
    // The product's contract keeps this contradiction with the pricing page ("never expire") on purpose.
    expect(all(faq, 'details')[2]?.textContent).toContain(copy.expire);

    const text = document.querySelector('main')?.textContent ?? '';
    for (const claim of copy.claims) expect(text).toContain(claim);
    expect(all(document, 'aside a[rel="license"]').length).toBeGreaterThan(0);

    const carousel = region(copy.carousel);
    expect(carousel.querySelector('img')?.getAttribute('alt')).toBe('');
    const shown = expectCarouselShape(rows, 4);
    expect([...shown].sort()).toEqual([...POOL].sort());

    expect(page.consoleErrors).toEqual([]);
  });

  test.each(LANGS)('%s: the JSON-LD lists every offer in EUR and USD, and the FAQ as shown', async (lang) => {
    await renderPrerendered(COPY[lang].path);
    await carouselRows();
    const data = jsonLd();
    expectProductOffers(data);
    expectFaqData(data, COPY[lang].faq);
  });
});

// The likeness guarantee (docs/faces.md, "The guarantee"), stated where a visitor compares prices. Their
// screenshots are tests/browser/gallery-journey.test.ts's.
describe('the likeness guarantee', { timeout: 30_000 }, () => {
  const COPY = {
    en: {
      pages: ['/pricing', '/'],
      guarantee: 'Likeness guarantee',
      guaranteeText: /If one does not look enough like you, or shows no face at all, its tokens come back/,
    },
    fr: {
      pages: ['/fr/pricing', '/fr'],
      guarantee: 'Garantie de ressemblance',
      guaranteeText: /S'il ne vous ressemble pas assez, ou ne montre aucun visage, ses jetons reviennent/,
    },
  } as const;

  const plain = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

  test.each(LANGS)('%s: the pricing and landing pages state the guarantee', async (lang) => {
    const copy = COPY[lang];
    for (const path of copy.pages) {
      const page = await renderPrerendered(path);
      const block = await screen.findByTestId('likeness-guarantee');
      expect(within(block).getByRole('heading').textContent).toBe(copy.guarantee);
      expect(plain(block.textContent)).toMatch(copy.guaranteeText);
      page.unmount();
      page.container.remove();
    }
  });
});
