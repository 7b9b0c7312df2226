// Payments in a browser, through the local Stripe stand-in's hosted pages: buying packs and the
// subscription, cancelling, a purchase chosen before signing in, a bank debit pending on the account page,
// and a style card's offer leading to the pack's checkout.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { mailsTo } from '../support/api.ts';
import {
  createAccount,
  describeInBrowser,
  FLOW_PAIRS,
  loginLinkIn,
  openSignedIn,
  PHONE,
  pathOf,
  stack,
  uniqueEmail,
  useBrowser,
  WIDE,
  waitForMail,
  waitForPath,
  withLanguage,
} from '../support/browser.ts';
import { control, eventsOf, pay, type RecordedEvent, startCheckout } from '../support/stripe.ts';
import { copy as authCopy } from './copy.ts';

// Buying tokens as a person does, in English and French: the pricing page, the local Stripe checkout page,
// back in the app with a toast and the new balance in the navbar and the ledger; then the subscription, its
// card's states, the navbar's Subscription button, the billing portal (cancel, advance a month).

describeInBrowser('payments', () => {
  /** Subscribes the account through the API and the stand-in, as another tab would. */
  async function subscribeElsewhere(token: string): Promise<void> {
    const res = await fetch(`${stack().apiUrl}/checkout/subscription/monthly-100`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ tokens: 100 }),
    });
    const { checkout_url } = (await res.json()) as { checkout_url: string };
    const session = /cs_test_\w+/.exec(checkout_url)?.[0];
    const paid = await fetch(`${stack().stripe.url}/_local/checkout/${session}/pay`, {
      method: 'POST',
      body: '{}',
    });
    expect(paid.status).toBe(200);
  }

  const COPY = {
    en: {
      pricing: '/pricing',
      account: '/app/account',
      buy40: 'Buy 40 tokens',
      subscribe: 'Subscribe',
      active: 'You already have an active subscription',
      manage: 'Manage Subscription',
      subscription: 'Subscription',
      pay: 'Pay €9.00',
      subscribeFor: 'Subscribe for €9.00 a month',
      declinedOption: 'Test card that is declined',
      declined: 'Your card was declined. Try the Visa test card 4242 4242 4242 4242.',
      boughtToast: 'Payment received: 40 tokens added. Your balance is 42 tokens.',
      subscribedToast: 'Your subscription is active: 100 monthly tokens added. Your balance is 142 tokens.',
      balance: (n: number) => `${n} tokens`,
      purchase: 'Token purchase',
      renewal: 'Monthly tokens renewed',
      expiry: 'Unused monthly tokens expired',
      cancelSub: 'Cancel subscription',
      ending: 'Cancels at period end',
      advance: 'Advance one month',
      ended: 'Cancelled',
      backTo: 'Back to Aivatar',
      cancelCheckout: 'Cancel and return to Aivatar',
      cancelledToast: 'Checkout cancelled: you have not been charged.',
    },
    fr: {
      pricing: '/fr/pricing',
      account: '/fr/app/account',
      buy40: 'Acheter 40 jetons',
      subscribe: "S'abonner",
      active: 'Vous avez déjà un abonnement actif',
      manage: "Gérer l'abonnement",
      subscription: 'Abonnement',
      pay: 'Payer 9,00 €',
      subscribeFor: 'S’abonner pour 9,00 € par mois',
      declinedOption: 'Carte de test refusée',
      declined: 'Votre carte a été refusée. Essayez la carte Visa de test 4242 4242 4242 4242.',
      boughtToast: 'Paiement reçu : 40 jetons ajoutés. Votre solde est de 42 jetons.',
      subscribedToast:
        'Votre abonnement est actif : 100 jetons mensuels ajoutés. Votre solde est de 142 jetons.',
      balance: (n: number) => `${n} jetons`,
      purchase: 'Achat de jetons',
      renewal: 'Renouvellement des jetons mensuels',
      expiry: 'Expiration des jetons mensuels non utilisés',
      cancelSub: 'Résilier l’abonnement',
      ending: 'Résilié en fin de période',
      advance: 'Avancer d’un mois',
      ended: 'Résilié',
      backTo: 'Retour sur Aivatar',
      cancelCheckout: 'Annuler et revenir sur Aivatar',
      cancelledToast: 'Paiement annulé : aucun montant n’a été débité.',
    },
  } as const;

  /** French typography puts no-break spaces before € and colons: compare plain spaces. */
  const plain = (s: string | null): string => (s ?? '').replace(/\s+/g, ' ').trim();

  async function hydrated(page: Page): Promise<void> {
    await page.waitForFunction(() => {
      const select = document.querySelector('.price-card select');
      return select !== null && Object.keys(select).some((k) => k.startsWith('__reactProps'));
    });
  }

  const toastText = async (page: Page) => plain(await page.locator('.toast').first().textContent());

  const navbarBalance = async (page: Page) => plain(await page.getByTestId('token-balance').textContent());

  const browser = useBrowser();

  describe.each(['en', 'fr'] as const)('in %s', (lang) => {
    const copy = COPY[lang];

    test('buys 40 tokens for 9 EUR through the local checkout, after a declined card', async () => {
      const { token } = await createAccount(uniqueEmail('buy'), { lang });
      const page = await browser.newPage();
      await openSignedIn(page, token, copy.pricing);
      await hydrated(page);
      await page.locator('.price-card select').selectOption('pack-40');
      await page.getByRole('button', { name: copy.buy40, exact: true }).click();
      await page.waitForURL((u) => u.pathname.startsWith('/c/pay/'));
      expect(plain(await page.getByTestId('checkout-amount').textContent())).toContain(
        lang === 'en' ? '€9.00' : '9,00 €',
      );

      await page.getByLabel(copy.declinedOption).check();
      await page.getByRole('button', { name: copy.pay }).click();
      expect(plain(await page.getByRole('alert').textContent())).toBe(copy.declined);

      await page.getByRole('button', { name: copy.pay }).click();
      await page.waitForURL((u) => u.pathname === copy.account);
      await expect.poll(() => toastText(page)).toBe(copy.boughtToast);
      await expect.poll(() => navbarBalance(page)).toBe(copy.balance(42));
      expect(await page.getByTestId('account-balance').textContent()).toBe('42');
      const row = page.locator('tr[data-reason="purchase"]');
      expect(plain(await row.textContent())).toContain(copy.purchase);
      expect(plain(await row.locator('.amount').textContent())).toBe('+40');
      // The query that announced the payment is gone: a reload does not announce it again.
      expect(new URL(page.url()).search).toBe('');
    });

    test('cancelling on the checkout page comes back to pricing, says nothing was charged, credits nothing', async () => {
      const { token } = await createAccount(uniqueEmail('cancel'), { lang });
      const page = await browser.newPage();
      await openSignedIn(page, token, copy.pricing);
      await hydrated(page);
      await page.locator('.price-card select').selectOption('pack-40');
      await page.getByRole('button', { name: copy.buy40, exact: true }).click();
      await page.waitForURL((u) => u.pathname.startsWith('/c/pay/'));
      await page.getByRole('link', { name: copy.cancelCheckout }).click();
      await page.waitForURL((u) => u.pathname === copy.pricing);
      await expect.poll(() => toastText(page)).toBe(copy.cancelledToast);
      await expect.poll(() => new URL(page.url()).search).toBe('');
      await page.goto(copy.account);
      expect(await page.getByTestId('account-balance').textContent()).toBe('2');
    });

    test('a subscription made meanwhile in another tab: Subscribe turns the card to its active state', async () => {
      const { token } = await createAccount(uniqueEmail('other-tab'), { lang });
      const page = await browser.newPage();
      await openSignedIn(page, token, copy.pricing);
      await hydrated(page);
      const card = page.getByTestId('subscription-card');
      const subscribe = card.getByRole('button', { name: copy.subscribe, exact: true });
      await subscribe.waitFor();
      await subscribeElsewhere(token);
      await subscribe.click();
      await card.getByText(copy.active).waitFor();
      await card.getByRole('button', { name: copy.manage }).waitFor();
      expect(new URL(page.url()).pathname).toBe(copy.pricing);
    });

    test('subscribes, manages the subscription from the pricing card and the navbar, cancels, advances a month', async () => {
      const { token } = await createAccount(uniqueEmail('subscribe'), { lang });
      const page = await browser.newPage();
      await openSignedIn(page, token, copy.pricing);
      await hydrated(page);
      const card = page.getByTestId('subscription-card');
      await card.getByRole('button', { name: copy.subscribe, exact: true }).click();
      await page.waitForURL((u) => u.pathname.startsWith('/c/pay/'));
      await page.getByRole('button', { name: copy.subscribeFor }).click();
      await page.waitForURL((u) => u.pathname === copy.account);
      await expect.poll(() => toastText(page)).toBe(copy.subscribedToast.replace('142', '102'));
      await expect.poll(() => navbarBalance(page)).toBe(copy.balance(102));
      expect(plain(await page.locator('tr[data-reason="subscription_renewal"]').textContent())).toContain(
        copy.renewal,
      );

      // The pricing card now says so, and manages it in the portal.
      await page.goto(copy.pricing);
      await card.getByText(copy.active).waitFor();
      expect(await card.getAttribute('data-state')).toBe('active');
      await card.getByRole('button', { name: copy.manage }).click();
      await page.waitForURL((u) => u.pathname.startsWith('/p/session/'));
      await page.getByRole('button', { name: copy.cancelSub }).click();
      await expect
        .poll(async () => plain(await page.getByTestId('portal-status').textContent()))
        .toBe(copy.ending);

      // Still usable until the period ends: the card stays active. The navbar's button opens the portal too.
      await page.getByRole('link', { name: copy.backTo }).first().click();
      await page.waitForURL((u) => u.pathname === copy.account);
      await page.getByRole('button', { name: copy.subscription, exact: true }).click();
      await page.waitForURL((u) => u.pathname.startsWith('/p/session/'));
      await page.getByRole('button', { name: copy.advance }).click();
      await expect
        .poll(async () => plain(await page.getByTestId('portal-status').textContent()))
        .toBe(copy.ended);

      await page.getByRole('link', { name: copy.backTo }).first().click();
      await page.waitForURL((u) => u.pathname === copy.account);
      await expect.poll(() => navbarBalance(page)).toBe(copy.balance(2));
      expect(plain(await page.locator('tr[data-reason="subscription_expiry"]').textContent())).toContain(
        copy.expiry,
      );
      await page.goto(copy.pricing);
      await card.getByRole('button', { name: copy.subscribe, exact: true }).waitFor();
    });
  });
});

// A visitor who chooses a pack and clicks "Log in to Buy" lands on that pack's checkout
// once logged in or signed up (the sign-in pages say so first); the app's bar offers "Buy tokens" on the
// token badge, which opens the packs. In English and French, on a desktop and on a phone, by password and
// by sign-up's activation link. "Not now" and a /pricing?buy= this browser did not ask for (neither opens a
// checkout) are tests/components/purchase-intent.test.tsx's.

describeInBrowser('purchase intent', () => {
  const PASSWORD = 'a-long-enough-password-42';

  // Written out, not read from the app: a changed string fails the test.
  const COPY = {
    en: {
      logInToBuy: 'Log in to Buy',
      logInToSubscribe: 'Log in to Subscribe',
      signUpLink: 'Sign up',
      buyTokens: 'Buy tokens',
      notNow: 'Not now',
      afterLogin: (plan: string) => `After you log in, you go straight to the checkout for ${plan}.`,
      afterSignup: (plan: string) =>
        `Open the activation link we email you, on this device or another, and you go straight to the checkout for ${plan}.`,
      packs: {
        'pack-40': { plan: '40 tokens (€9)', amount: '€9.00' },
        'pack-100': { plan: '100 tokens (€19)', amount: '€19.00' },
      },
      subscription: 'the monthly subscription (100 tokens a month, €9)',
    },
    fr: {
      logInToBuy: 'Se connecter pour acheter',
      logInToSubscribe: "Se connecter pour s'abonner",
      signUpLink: 'Inscrivez-vous',
      buyTokens: 'Acheter des jetons',
      notNow: 'Pas maintenant',
      afterLogin: (plan: string) => `Après la connexion, vous passez directement au paiement de ${plan}.`,
      afterSignup: (plan: string) =>
        `Ouvrez le lien d'activation que nous vous envoyons, sur cet appareil ou un autre : vous passerez directement au paiement de ${plan}.`,
      packs: {
        'pack-40': { plan: '40 jetons (9 €)', amount: '9,00 €' },
        'pack-100': { plan: '100 jetons (19 €)', amount: '19,00 €' },
      },
      subscription: "l'abonnement mensuel (100 jetons par mois, 9 €)",
    },
  } as const;

  type Lang = keyof typeof COPY;

  /** Letters as a person reads them: any run of spaces (Intl's narrow no-break ones too) as one space. */
  const plain = (s: string | null): string => (s ?? '').replace(/\s+/g, ' ').trim();

  async function hydrated(page: Page): Promise<void> {
    await page.waitForFunction(() => {
      const select = document.querySelector('.price-card select');
      return select !== null && Object.keys(select).some((k) => k.startsWith('__reactProps'));
    });
  }

  /** The checkouts the page asks the API for. */
  function checkoutsAsked(page: Page): string[] {
    const seen: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (r.method() === 'POST' && path.startsWith('/checkout/')) seen.push(path);
    });
    return seen;
  }

  async function logIn(page: Page, lang: Lang, email: string): Promise<void> {
    const c = authCopy[lang];
    await page.getByLabel(c.email).fill(email);
    await page.getByLabel(c.password, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: c.logIn, exact: true }).click();
  }

  /** Sign-up from the log-in page, then the activation link opened in this browser. */
  async function signUp(page: Page, lang: Lang, email: string, plan: string): Promise<void> {
    const c = authCopy[lang];
    await page
      .locator('.auth__footer')
      .getByRole('link', { name: COPY[lang].signUpLink, exact: true })
      .click();
    await waitForPath(page, `${c.prefix}/signup`);
    // The path changes before the sign-up page has replaced the log-in page (and its note): wait for it.
    await expect
      .poll(async () => plain(await page.getByTestId('purchase-note').textContent()))
      .toContain(COPY[lang].afterSignup(plan));
    await page.getByLabel(c.email).fill(email);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: c.requestActivation }).click();
    await page.getByText(c.signupSuccess, { exact: true }).waitFor();
    const mail = await waitForMail(email);
    await page.goto(pathOf(withLanguage(loginLinkIn(mail), lang)));
  }

  const onCheckout = (page: Page) =>
    page.waitForURL((u) => u.pathname.startsWith('/c/pay/'), { timeout: 20_000 });

  const browser = useBrowser();

  describe.each([
    // FLOW_PAIRS (tests/support/browser.ts): English on the wide desktop, French on the phone; each way in once.
    ['en', WIDE, 'pack-40', 'password'],
    ['fr', PHONE, 'pack-100', 'sign-up'],
  ] as const)('in %s at %o', (lang, viewport, packId, way) => {
    const c = COPY[lang];
    const prefix = authCopy[lang].prefix;
    const pack = c.packs[packId];

    test(`the chosen pack's checkout after the ${way}, then the token badge opens the packs`, async () => {
      const email = uniqueEmail(`intent-${lang}`);
      if (way === 'password') await createAccount(email, { lang, password: PASSWORD });
      const page = await browser.newPage(viewport);
      const asked = checkoutsAsked(page);

      await page.goto(`${prefix}/pricing`);
      await hydrated(page);
      await page.locator('.price-card select').selectOption(packId);
      await page.getByRole('link', { name: c.logInToBuy, exact: true }).click();
      await waitForPath(page, `${prefix}/login?buy=${packId}`);
      // The log-in page says where it leads.
      expect(plain(await page.getByTestId('purchase-note').textContent())).toContain(c.afterLogin(pack.plan));

      if (way === 'password') await logIn(page, lang, email);
      else await signUp(page, lang, email, pack.plan);
      await onCheckout(page);
      expect(asked).toEqual([`/checkout/one-time/${packId}`]);
      expect(plain(await page.getByTestId('checkout-amount').textContent())).toContain(pack.amount);
      // Taken once: nothing is left to send the next sign-in to a checkout.
      await page.goto(`${prefix}/app/create`);
      expect(await page.evaluate(() => localStorage.getItem('aivatar.purchase-intent'))).toBeNull();

      // The app's bar: the balance is the way to buy tokens (in the phone's menu, in words).
      if (viewport === PHONE) await page.locator('.navbar__toggle').click();
      const badge = page.locator('header.navbar').getByRole('link', { name: c.buyTokens });
      await badge.waitFor();
      expect(await badge.getAttribute('title')).toBe(c.buyTokens);
      const label = badge.locator('.token-pill__buy');
      expect(await label.evaluate((el) => el.getBoundingClientRect().width > 1)).toBe(viewport === PHONE);
      await badge.click();
      await page.waitForURL((u) => u.pathname === `${prefix}/pricing` && u.hash === '#tokens');
      // The packs are on screen, and no checkout started.
      const packs = page.locator('#tokens select');
      await packs.waitFor();
      await expect
        .poll(() => packs.evaluate((el) => el.getBoundingClientRect().bottom <= innerHeight))
        .toBe(true);
      expect(asked).toHaveLength(1);
    }, 90_000);
  });

  test('Log in to Subscribe: the subscription checkout after the login', async () => {
    const email = uniqueEmail('intent-sub');
    await createAccount(email, { password: PASSWORD });
    const page = await browser.newPage(WIDE);
    const asked = checkoutsAsked(page);
    await page.goto('/pricing');
    await hydrated(page);
    await page.getByRole('link', { name: COPY.en.logInToSubscribe, exact: true }).click();
    await waitForPath(page, '/login?buy=monthly-100');
    expect(plain(await page.getByTestId('purchase-note').textContent())).toContain(
      COPY.en.afterLogin(COPY.en.subscription),
    );
    await logIn(page, 'en', email);
    await onCheckout(page);
    expect(asked).toEqual(['/checkout/subscription/monthly-100']);
  });
});

// The account page after paying by bank debit, and its data export, in English on a desktop and in French on
// a phone (one page load each): back from the checkout the payment says it is pending (no tokens yet,
// the history says why) until the bank confirms, then the tokens arrive; an export asked for on the page
// is offered for download on the page once ready (seconds), by a short-lived link, and mailed for the record.

describeInBrowser('account page: a bank debit pending, then the export offered on the page', () => {
  const SHOTS = process.env.PAYMENT_SHOTS;

  const COPY = {
    en: {
      account: '/app/account',
      pending:
        'Payment pending: your 40 tokens arrive when your bank confirms the payment, usually within a few business days. We will email you a receipt.',
      historyPending: 'Payment pending: tokens arrive when your bank confirms',
      received: 'Payment received: 40 tokens added. Your balance is 42 tokens.',
      exportButton: 'Export my data',
      preparing: 'It usually takes a few seconds: stay here to download it',
      ready:
        /^Your data export is ready: download it now\. It stays available until .+, and we have emailed you a link too\.$/,
      download: 'Download',
      mail: 'Your Aivatar data export is ready',
    },
    fr: {
      account: '/fr/app/account',
      pending:
        'Paiement en attente : vos 40 jetons arriveront quand votre banque aura confirmé le paiement, en général sous quelques jours ouvrés. Nous vous enverrons un reçu par e-mail.',
      historyPending: 'Paiement en attente : les jetons arrivent quand votre banque confirme',
      received: 'Paiement reçu : 40 jetons ajoutés. Votre solde est de 42 jetons.',
      exportButton: 'Exporter mes données',
      preparing: 'Cela prend en général quelques secondes : restez ici pour le télécharger',
      ready:
        /^Votre export de données est prêt\s:\stéléchargez-le maintenant\. Il reste disponible jusqu'au .+, et nous vous avons aussi envoyé un lien par e-mail\.$/,
      download: 'Télécharger',
      mail: 'Votre export de données Aivatar est prêt',
    },
  } as const;

  /** French typography puts no-break spaces before colons: compare plain spaces. */
  const plain = (s: string | null): string => (s ?? '').replace(/\s+/g, ' ').trim();

  /** A pack paid by SEPA debit at "Stripe", its events held; "completed" (still unpaid) delivered. */
  async function bankDebit(token: string): Promise<string> {
    const session = await startCheckout(token, 'pack-40', 40);
    await pay(session, 'sepa_delayed', true);
    const [completed] = await eventsOf('checkout.session.completed', session);
    await control(`events/${completed?.event.id}/deliver`, {});
    return session;
  }

  /** The bank's confirmation, made by "Stripe" a few seconds after the payment, delivered now. */
  async function bankConfirms(session: string): Promise<void> {
    const deadline = Date.now() + 15_000;
    let event: RecordedEvent | undefined;
    while (!event) {
      [event] = await eventsOf('checkout.session.async_payment_succeeded', session);
      if (Date.now() > deadline) throw new Error('the bank never answered');
      if (!event) await new Promise((r) => setTimeout(r, 200));
    }
    await control(`events/${event.event.id}/deliver`, {});
  }

  const shot = async (page: Page, name: string) => {
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  };

  const browser = useBrowser();

  for (const { lang, viewport } of FLOW_PAIRS) {
    const size = viewport.width;
    test(`in ${lang} at ${size} px`, async () => {
      const copy = COPY[lang];
      const email = uniqueEmail(`debit-${size}`);
      const { token } = await createAccount(email, { lang });
      const session = await bankDebit(token);
      const page = await browser.newPage(viewport);
      await openSignedIn(page, token, `${copy.account}?checkout=success&session_id=${session}`);

      // Back from the checkout: pending, said once at the top and in the history; no tokens yet.
      const notice = page.getByTestId('checkout-notice');
      await expect.poll(async () => notice.getAttribute('data-state')).toBe('pending');
      expect(plain(await notice.textContent())).toBe(copy.pending);
      const row = page.locator('tr[data-state="pending"]');
      expect(plain(await row.textContent())).toContain(copy.historyPending);
      expect(plain(await row.locator('.amount').textContent())).toBe('+40');
      expect(await page.getByTestId('account-balance').textContent()).toBe('2');
      await shot(page, `pending-${lang}-${size}`);

      // The bank confirms while the page is open: the tokens arrive, the pending state goes.
      await bankConfirms(session);
      await expect
        .poll(async () => plain(await page.locator('.toast').first().textContent()))
        .toBe(copy.received);
      await expect.poll(() => notice.count()).toBe(0);
      await expect.poll(() => row.count()).toBe(0);
      expect(await page.getByTestId('account-balance').textContent()).toBe('42');

      // The export: ready in seconds, offered right here, downloaded by a short-lived link.
      const section = page.getByTestId('export-section');
      await section.getByRole('button', { name: copy.exportButton }).click();
      await section.getByText(copy.preparing, { exact: false }).waitFor();
      const ready = section.getByText(copy.ready);
      await ready.waitFor({ timeout: 20_000 });
      await section.scrollIntoViewIfNeeded();
      await shot(page, `export-ready-${lang}-${size}`);
      const download = page.waitForEvent('download');
      await section.getByRole('button', { name: copy.download, exact: true }).click();
      const file = await download;
      // Named in the page's language.
      const stem = lang === 'fr' ? 'aivatar-donnees' : 'aivatar-data';
      expect(file.suggestedFilename()).toMatch(new RegExp(`^${stem}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
      const link = new URL(file.url());
      expect(link.searchParams.get('X-Amz-Expires')).toBe('300');
      expect(file.url()).not.toContain(token);
      expect(new URL(page.url()).pathname).toBe(copy.account);
      // The email goes too, for the record.
      expect((await mailsTo(email)).map((m) => m.subject)).toContain(copy.mail);
    });
  }
});

// On Create Your Avatar every style card shows its cost and what the balance buys of it.
// With the 2 signup tokens, a 3-token style (Studio Headshot) says "1 token missing" and offers the 10-token
// pack, whose link opens that pack's checkout; a 2-token style says the balance is enough for one. In English
// and French, on a desktop and on a phone: one account, one page load per pair.

describeInBrowser('what the balance buys, on every style card', () => {
  // Written out, not read from the app: a changed string fails the test.
  const COPY = {
    en: {
      create: '/app/create',
      studio: 'Studio Headshot',
      office: 'Office Headshot',
      outdoor: 'Outdoor Portrait',
      threeTokens: '3 tokens',
      twoTokens: '2 tokens',
      missing: '1 token missing',
      enough: 'Enough for 1 avatar',
      buyPack: 'Buy 10 tokens for €3',
      amount: '€3.00',
    },
    fr: {
      create: '/fr/app/create',
      studio: 'Portrait studio',
      office: 'Portrait au bureau',
      outdoor: 'Portrait en extérieur',
      threeTokens: '3 jetons',
      twoTokens: '2 jetons',
      missing: '1 jeton manquant',
      enough: 'Assez pour 1 avatar',
      buyPack: 'Acheter 10 jetons pour 3 €',
      amount: '3,00 €',
    },
  } as const;

  type Lang = keyof typeof COPY;

  /** Letters as a person reads them: any run of spaces (Intl's narrow no-break ones too) as one space. */
  const plain = (s: string | null): string => (s ?? '').replace(/\s+/g, ' ').trim();

  async function boxOf(locator: Locator) {
    const box = await locator.boundingBox();
    if (!box) throw new Error(`${locator} is not on the page`);
    return box;
  }

  /** The list item of the style named `name`. */
  const styleItem = (page: Page, name: string) =>
    page
      .locator('.style-card-item')
      .filter({ has: page.locator('.style-card__name').getByText(name, { exact: true }) });

  const browser = useBrowser();
  // One account per language (the checkout speaks the account's): nothing here spends its 2 tokens.
  const tokens = new Map<Lang, Promise<string>>();
  const account = (lang: Lang): Promise<string> => {
    if (!tokens.has(lang))
      tokens.set(
        lang,
        createAccount(uniqueEmail(`afford-${lang}`), { lang }).then((a) => a.token),
      );
    return tokens.get(lang) as Promise<string>;
  };

  describe.each([
    // FLOW_PAIRS (tests/support/browser.ts): English on the wide desktop, French on the phone.
    ['en', WIDE],
    ['fr', PHONE],
  ] as const)('in %s at %o', (lang, viewport) => {
    const c = COPY[lang];

    test("a 3-token style: 1 token missing, and the 10-token pack's checkout", async () => {
      const page = await browser.newPage(viewport);
      const asked: string[] = [];
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (r.method() === 'POST' && path.startsWith('/checkout/')) asked.push(path);
      });
      await openSignedIn(page, await account(lang), c.create);
      // The balance is known (on a phone, in the closed menu).
      await page.getByTestId('token-balance').getByText(c.twoTokens).waitFor({ state: 'attached' });

      // Every card: its cost and what the balance buys of it.
      const cards = page.getByTestId('style-card');
      await cards.first().waitFor();
      const count = await cards.count();
      expect(count).toBeGreaterThan(20);
      expect(await page.getByTestId('style-cost').count()).toBe(count);
      expect(await page.getByTestId('style-affordability').count()).toBe(count);

      const outdoor = styleItem(page, c.outdoor);
      expect(plain(await outdoor.getByTestId('style-cost').textContent())).toBe(c.twoTokens);
      expect(plain(await outdoor.getByTestId('style-affordability').textContent())).toBe(c.enough);
      expect(await outdoor.getByTestId('style-buy-pack').count()).toBe(0);

      for (const name of [c.studio, c.office]) {
        const item = styleItem(page, name);
        expect(plain(await item.getByTestId('style-cost').textContent()), name).toBe(c.threeTokens);
        const status = item.getByTestId('style-affordability');
        expect(plain(await status.textContent()), name).toBe(c.missing);
        // The card's button is described by it, for a screen reader.
        expect(await item.getByTestId('style-card').getAttribute('aria-describedby')).toBe(
          await status.getAttribute('id'),
        );
        const offer = item.getByRole('link', { name: c.buyPack, exact: true });
        // Inside the card, below what is missing, over nothing else.
        const [b, s, k] = await Promise.all([boxOf(item), boxOf(status), boxOf(offer)]);
        expect(k.y, name).toBeGreaterThanOrEqual(s.y + s.height);
        expect(k.x, name).toBeGreaterThanOrEqual(b.x);
        expect(k.x + k.width, name).toBeLessThanOrEqual(b.x + b.width);
        expect(k.y + k.height, name).toBeLessThanOrEqual(b.y + b.height);
      }

      // The offer opens that pack's checkout.
      await styleItem(page, c.studio).getByRole('link', { name: c.buyPack, exact: true }).click();
      await page.waitForURL((u) => u.pathname.startsWith('/c/pay/'), { timeout: 20_000 });
      expect(asked).toEqual(['/checkout/one-time/pack-10']);
      expect(plain(await page.getByTestId('checkout-amount').textContent())).toContain(c.amount);
    });
  });
});
