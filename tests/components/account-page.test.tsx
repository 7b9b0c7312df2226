// The account page (docs/product.md, "Account"): the token history (each reason's and pool's words, the
// change and the balance after, the packs a bank has not confirmed yet), and the password form's rules, in
// English and French.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { DelayedPayment, LedgerEntry, LedgerPage } from '#shared/api-schemas.ts';
import { apiStub, fail, ok, type Reply } from './support/api-stub.ts';
import { aUser, type Rendered, renderApp } from './support/render.tsx';

const plain = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();
const AT = 1_790_000_000;

const entry = (id: string, over: Partial<LedgerEntry>): LedgerEntry => ({
  id,
  reason: 'generation',
  pool: 'ltd',
  amount: -1,
  balance_after: 1,
  created_at: AT,
  ...over,
});
const delayed = (id: string, state: DelayedPayment['state']): DelayedPayment => ({
  id,
  state,
  plan_id: 'pack-10',
  tokens: 10,
  amount_cents: 300,
  created_at: AT + 100,
  updated_at: AT + 100,
});

// Newest first, as the server sends them.
const LEDGER: LedgerPage = {
  entries: [
    entry('e5', { reason: 'likeness_keep', amount: -3, balance_after: 9 }),
    entry('e4', { reason: 'likeness_refund', amount: 3, balance_after: 12 }),
    entry('e3', { reason: 'subscription_renewal', pool: 'subscription', amount: 100, balance_after: 109 }),
    entry('e2c', { reason: 'edit_refund', amount: 1, balance_after: 1 }),
    entry('e2b', { reason: 'edit', amount: -1, balance_after: 0 }),
    entry('e2', { reason: 'generation', amount: -1, balance_after: 1 }),
    entry('e1', { reason: 'signup_bonus', amount: 2, balance_after: 2, created_at: AT - 86_400 }),
  ],
  delayed_payments: [delayed('d1', 'pending'), delayed('d2', 'failed')],
};

const COPY = {
  en: {
    prefix: '',
    title: 'Account · Aivatar',
    columns: ['Date', 'Activity', 'Pool', 'Change', 'Balance after'],
    rows: [
      ['Token purchase Payment pending: tokens arrive when your bank confirms', 'Lifetime', '+10', '–'],
      ['Token purchase Payment refused by your bank: no tokens added', 'Lifetime', '+10', '–'],
      ['Likeness guarantee: refunded avatar kept anyway', 'Lifetime', '-3', '9'],
      ['Likeness guarantee: avatar refunded', 'Lifetime', '+3', '12'],
      ['Monthly tokens renewed', 'Monthly', '+100', '109'],
      ['Avatar edit refunded', 'Lifetime', '+1', '1'],
      ['Avatar edit', 'Lifetime', '-1', '0'],
      ['Avatar generation', 'Lifetime', '-1', '1'],
      ['Welcome bonus', 'Lifetime', '+2', '2'],
    ],
    empty: 'No token activity yet.',
    failed: 'Unable to load your token history.',
    newPassword: 'New password',
    confirm: 'Confirm new password',
    current: 'Current password',
    change: 'Change password',
    tooShort: 'Your password must be at least 8 characters long.',
    mismatch: "The two passwords don't match.",
    tooCommon:
      'This password is too common or too easy to guess. Try a few unrelated words, or a longer password.',
    changed: 'Your password has been changed.',
  },
  fr: {
    prefix: '/fr',
    title: 'Mon compte · Aivatar',
    columns: ['Date', 'Opération', 'Type', 'Variation', 'Solde après'],
    rows: [
      [
        'Achat de jetons Paiement en attente : les jetons arrivent quand votre banque confirme',
        'À vie',
        '+10',
        '–',
      ],
      ['Achat de jetons Paiement refusé par votre banque : aucun jeton ajouté', 'À vie', '+10', '–'],
      ['Garantie de ressemblance : avatar remboursé gardé quand même', 'À vie', '-3', '9'],
      ['Garantie de ressemblance : avatar remboursé', 'À vie', '+3', '12'],
      ['Renouvellement des jetons mensuels', 'Mensuel', '+100', '109'],
      ["Retouche d'avatar remboursée", 'À vie', '+1', '1'],
      ["Retouche d'avatar", 'À vie', '-1', '0'],
      ["Génération d'avatars", 'À vie', '-1', '1'],
      ['Bonus de bienvenue', 'À vie', '+2', '2'],
    ],
    empty: 'Aucun mouvement de jetons pour le moment.',
    failed: "Impossible de charger l'historique de vos jetons.",
    newPassword: 'Nouveau mot de passe',
    confirm: 'Confirmez le nouveau mot de passe',
    current: 'Mot de passe actuel',
    change: 'Modifier le mot de passe',
    tooShort: 'Votre mot de passe doit contenir au moins 8 caractères.',
    mismatch: 'Les deux mots de passe ne correspondent pas.',
    tooCommon:
      'Ce mot de passe est trop courant ou trop facile à deviner. Essayez quelques mots sans rapport entre eux, ou un mot de passe plus long.',
    changed: 'Votre mot de passe a été modifié.',
  },
} as const;

/** The account page's other reads, answered with nothing to show. */
function quietCards(): void {
  apiStub.on(
    'notificationSettings',
    ok('notificationSettings', { success: true, batch_finished_email: true }),
  );
  apiStub.on('latestAccountExport', ok('latestAccountExport', { export: null }));
}

async function openAccount(prefix: string, ledger: Reply = ok('tokenLedger', LEDGER)): Promise<Rendered> {
  quietCards();
  apiStub.on('tokenLedger', ledger);
  const page = await renderApp(`${prefix}/app/account`, { as: aUser({ tokens_ltd: 9 }) });
  await screen.findByTestId('account-email');
  return page;
}

/** The error a field says under it (the one its aria-describedby names), or null. */
const errorOf = (input: HTMLElement): string | null => {
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.length ? plain(document.getElementById(ids[0] as string)?.textContent) : null;
};

/** A cell's words; the parts of one (the reason, then the payment's state) one after the other. */
const cellText = (td: Element): string =>
  td.children.length > 1
    ? Array.from(td.children, (e) => plain(e.textContent)).join(' ')
    : plain(td.textContent);

const history = () =>
  screen
    .getByRole('heading', { level: 2, name: /Token history|Historique des jetons/ })
    .closest('section') as HTMLElement;

for (const lang of ['en', 'fr'] as const) {
  const c = COPY[lang];
  describe(`account page (${lang})`, () => {
    test('the token history: each reason, pool, change and balance after, the unconfirmed packs first', async () => {
      await openAccount(c.prefix);
      expect(document.title).toBe(c.title);
      const table = await within(history()).findByRole('table');
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(c.columns);
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows.map((r) => Array.from(r.querySelectorAll('td'), cellText).slice(1))).toEqual(
        c.rows.map((row) => row.map(plain)),
      );
      // Each date as a machine reads it too.
      expect(rows.at(-1)?.querySelector('time')?.getAttribute('datetime')).toBe(
        new Date((AT - 86_400) * 1000).toISOString(),
      );
    });

    test('no activity yet', async () => {
      await openAccount(c.prefix, ok('tokenLedger', { entries: [], delayed_payments: [] }));
      await within(history()).findByText(c.empty);
    });

    test('a history that could not be read says so', async () => {
      await openAccount(c.prefix, fail(403, 'FORBIDDEN', 'No'));
      await within(history()).findByText(c.failed);
    });

    test('password rules: 8 characters at least, the same twice; the server’s refusal under the field', async () => {
      apiStub.on('changePassword', fail(400, 'PASSWORD_TOO_COMMON', 'This password is too common.'));
      const { user } = await openAccount(c.prefix);
      const form = screen.getByRole('button', { name: c.change }).closest('form') as HTMLElement;
      const field = (label: string) => within(form).getByLabelText(label, { exact: true });
      const submit = () => user.click(within(form).getByRole('button', { name: c.change }));
      await user.type(field(c.current), 'the-old-one-1');
      await user.type(field(c.newPassword), 'short');
      await user.type(field(c.confirm), 'shorter');
      await submit();
      expect(errorOf(field(c.newPassword))).toBe(c.tooShort);
      expect(errorOf(field(c.confirm))).toBe(c.mismatch);
      expect(apiStub.calls('changePassword')).toEqual([]);
      await user.clear(field(c.newPassword));
      await user.type(field(c.newPassword), 'password');
      await user.clear(field(c.confirm));
      await user.type(field(c.confirm), 'password');
      await submit();
      // English shows the server's words (the product's); French its own for the code. Under the field.
      await waitFor(() =>
        expect(errorOf(field(c.newPassword))).toBe(
          lang === 'en' ? 'This password is too common.' : c.tooCommon,
        ),
      );
      expect(apiStub.calls('changePassword').map((r) => r.body)).toEqual([
        { current_password: 'the-old-one-1', new_password: 'password' },
      ]);
    });

    test('a password changed: the new session token kept, and said', async () => {
      apiStub.on(
        'changePassword',
        ok('changePassword', { msg: 'Password changed', access_token: 'renewed' }),
      );
      const { user } = await openAccount(c.prefix);
      const form = screen.getByRole('button', { name: c.change }).closest('form') as HTMLElement;
      await user.type(within(form).getByLabelText(c.current, { exact: true }), 'the-old-one-1');
      await user.type(within(form).getByLabelText(c.newPassword, { exact: true }), 'a-much-better-one');
      await user.type(within(form).getByLabelText(c.confirm, { exact: true }), 'a-much-better-one');
      await user.click(within(form).getByRole('button', { name: c.change }));
      await screen.findByText(c.changed);
      await waitFor(() => expect(localStorage.getItem('token')).toBe('renewed'));
    });
  });
}
