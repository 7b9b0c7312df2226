// The team's seat purchases on the Team screen (docs/payments.md, "Team seats"), for owner and admins: each
// paid purchase with its invoice at Stripe, a bank debit pending or refused by the bank, in English and in
// French (a member's 403 is tests/handlers/teams.test.ts's). The API is the stub's; the webhook's rules are tests/domain's and
// tests/integration/teams-seats.test.ts's.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { MyTeam, SeatPurchase } from '#shared/api-schemas.ts';
import { apiStub } from './support/api-stub.ts';
import { aUser, renderApp } from './support/render.tsx';
import { aTeam, teamPageReads } from './support/team-fixtures.ts';

const plain = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();
/** A purchase's row as read: its seats, amount, day and state, each apart. */
const parts = (row: HTMLElement | undefined): string[] =>
  [...(row?.querySelectorAll('strong, span, time, p, a') ?? [])].map((e) => plain(e.textContent));
// 14 March 2026, midday UTC: the same day in every time zone the tests run in.
const DAY = 1_773_489_600;

const purchase = (id: string, over: Partial<SeatPurchase>): SeatPurchase => ({
  id,
  state: 'paid',
  seats: 3,
  amount_cents: 8700,
  created_at: DAY,
  updated_at: DAY,
  invoice_url: null,
  invoice_number: null,
  ...over,
});

const PURCHASES = [
  purchase('cs_pending', { state: 'pending', seats: 2, amount_cents: 5800 }),
  purchase('cs_failed', { state: 'failed', seats: 10, amount_cents: 29000 }),
  purchase('cs_paid', {
    invoice_url: 'https://invoice.stripe.test/i/in_1',
    invoice_number: 'AB12CD34-0001',
  }),
  purchase('cs_soon', { seats: 1, amount_cents: 2900 }),
];

const reads = (team: MyTeam, purchases: SeatPurchase[]) => teamPageReads(team, { purchases });

const rows = async () => {
  const card = await screen.findByTestId('team-purchases');
  await waitFor(() => expect(within(card).getAllByTestId('purchase')).toHaveLength(PURCHASES.length));
  return { card, rows: within(card).getAllByTestId('purchase') };
};

describe('the team’s purchases', () => {
  test.each([
    {
      path: '/app/team',
      title: 'Purchases and invoices',
      pending: [
        '2 seats',
        '€58',
        '14 March 2026',
        'Payment pending: the seats arrive when your bank confirms the debit, usually within a few business days.',
      ],
      failed: [
        '10 seats',
        '€290',
        '14 March 2026',
        'Refused by your bank: no seats were added and nothing was charged.',
      ],
      invoice: 'Invoice AB12CD34-0001',
      soon: 'Paid: the invoice appears here in a moment',
    },
    {
      path: '/fr/app/team',
      title: 'Achats et factures',
      pending: [
        '2 places',
        '58 €',
        '14 mars 2026',
        'Paiement en attente : les places arrivent quand votre banque confirme le prélèvement, en général sous quelques jours ouvrés.',
      ],
      failed: [
        '10 places',
        '290 €',
        '14 mars 2026',
        "Refusé par votre banque : aucune place n'a été ajoutée et rien n'a été débité.",
      ],
      invoice: 'Facture AB12CD34-0001',
      soon: 'Payé : la facture apparaît ici dans un instant',
    },
  ])(
    '$path: each with its seats, amount and day; a pending debit, a refused one, and the invoices',
    async (c) => {
      reads(aTeam(), PURCHASES);
      await renderApp(c.path, { as: aUser() });
      const {
        card,
        rows: [pending, failed, paid, soon],
      } = await rows();
      expect(within(card).getByRole('heading', { level: 2 }).textContent).toBe(c.title);
      expect(parts(pending)).toEqual(c.pending);
      expect(parts(failed)).toEqual(c.failed);
      const link = within(paid as HTMLElement).getByRole('link', { name: c.invoice });
      expect(link.getAttribute('href')).toBe('https://invoice.stripe.test/i/in_1');
      expect(link.getAttribute('target')).toBe('_blank');
      expect(plain(soon?.textContent)).toContain(c.soon);
      expect(within(soon as HTMLElement).queryByRole('link')).toBeNull();
      expect(apiStub.calls('teamPurchases')[0]?.params).toEqual({ teamId: 'team-1' });
    },
  );

  test('an admin sees them too; none yet is said so', async () => {
    reads(aTeam({ role: 'admin' }), []);
    await renderApp('/app/team', { as: aUser() });
    const card = await screen.findByTestId('team-purchases');
    await within(card).findByText('No seats bought yet. Each purchase appears here with its invoice.');
  });

  test.each([
    {
      path: '/app/team?checkout=success&session_id=cs_pending',
      said: 'Back from the payment: your seats appear here once it is confirmed (a bank debit takes a few business days).',
    },
    {
      path: '/fr/app/team?checkout=success&session_id=cs_pending',
      said: "Retour du paiement : vos places apparaissent ici dès qu'il est confirmé (un prélèvement bancaire prend quelques jours ouvrés).",
    },
  ])(
    'back from paying by bank debit ($path): no “payment received”, the purchase shows as pending',
    async (c) => {
      reads(aTeam(), [PURCHASES[0] as SeatPurchase]);
      await renderApp(c.path, { as: aUser() });
      const card = await screen.findByTestId('team-purchases');
      await within(card).findByTestId('purchase');
      expect(plain(screen.getByText(c.said).textContent)).toBe(c.said);
      expect(card.querySelector('.purchase--pending')).not.toBeNull();
    },
  );
});
