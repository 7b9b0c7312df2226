// Back from the payment provider on /app/account?checkout=success&session_id=…: the webhook credits the
// tokens, usually before the browser arrives, sometimes a moment after. Read the ledger every 1.5 s until it
// shows the credit (a purchase or a month's tokens made in the last minutes), then refresh the balance
// everywhere, the subscription state with it, and say what arrived. A bank debit is not credited until the
// bank confirms (days, at a real bank): the ledger's delayed payments say so, and the page says it is
// pending (or that the bank refused it) instead of announcing tokens that have not come.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { DelayedPayment, LedgerEntry } from '#shared/api-schemas.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { invalidateRoutes, routeQuery } from '../../lib/server-state.tsx';
import { tokenBalance, useSession } from '../../lib/session.tsx';
import { toast } from '../../lib/toasts.ts';

/** How far back a credit counts as this checkout's: the time from paying to landing here, with room. */
const RECENT_SECONDS = 10 * 60;
const POLL_MS = 1500;
const POLLS = 14;

const isCredit = (e: LedgerEntry, since: number) =>
  e.created_at >= since && (e.reason === 'purchase' || e.reason === 'subscription_renewal');

/** This checkout's payment, while the bank has not confirmed it (or since it refused it). */
export type CheckoutNotice = { state: DelayedPayment['state']; tokens: number } | null;

export function useCheckoutReturn(): CheckoutNotice {
  const { t } = useTranslation();
  const { refreshUser } = useSession();
  const [params, setParams] = useSearchParams();
  const outcome = params.get('checkout');
  /** While waiting: the earliest time a credit counts from. */
  const [since, setSince] = useState<number | null>(null);
  const [notice, setNotice] = useState<CheckoutNotice>(null);
  /** The provider's checkout session this return is from: its delayed payment, if any, is this one. */
  const session = useRef<string | null>(null);
  const reads = useRef(0);

  useEffect(() => {
    if (outcome !== 'success') return;
    reads.current = 0;
    session.current = params.get('session_id');
    setNotice(null);
    setSince(Math.floor(Date.now() / 1000) - RECENT_SECONDS);
    // A reload must not announce the payment again.
    setParams(
      (p) => {
        p.delete('checkout');
        p.delete('session_id');
        return p;
      },
      { replace: true },
    );
  }, [outcome, params, setParams]);

  const ledger = useQuery({
    ...routeQuery('tokenLedger'),
    enabled: since !== null,
    refetchInterval: since !== null ? POLL_MS : false,
    // The wait goes on in a hidden tab: the toast is what the user comes back to.
    refetchIntervalInBackground: true,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: each read of the ledger is looked at once
  useEffect(() => {
    if (since === null || !ledger.isFetched || ledger.isFetching) return;
    const credit = ledger.data?.entries.find((e) => isCredit(e, since));
    const delayed = ledger.data?.delayed_payments.find((p) => p.id === session.current);
    reads.current += 1;
    if (!credit && delayed) {
      setNotice({ state: delayed.state, tokens: delayed.tokens });
      // Refused: nothing more will come. Pending: the bank may still answer while the page is open.
      if (delayed.state === 'failed' || reads.current >= POLLS) setSince(null);
      return;
    }
    if (!credit && reads.current < POLLS) return;
    setSince(null);
    setNotice(null);
    if (!credit) {
      toast.info(t('account.checkoutPending'));
      return;
    }
    void invalidateRoutes('checkSubscription');
    void refreshUser().then((user) => {
      const balance = user ? tokenBalance(user) : credit.balance_after;
      toast.success(
        credit.reason === 'purchase'
          ? t('account.checkoutPurchase', { count: credit.amount, balance })
          : t('account.checkoutSubscription', { count: credit.amount, balance }),
      );
    });
  }, [ledger.dataUpdatedAt, ledger.errorUpdatedAt, ledger.isFetching, since]);

  return notice;
}
