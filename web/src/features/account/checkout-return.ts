// Back from the payment provider on /app/account?checkout=success: the webhook credits the tokens, usually
// before the browser arrives, sometimes a moment after. Read the ledger every 1.5 s until it shows the credit
// (a purchase or a month's tokens made in the last minutes), then refresh the balance everywhere, the
// subscription state with it, and say what arrived.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { LedgerEntry } from '../../../../shared/api-schemas.ts';
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

export function useCheckoutReturn(): void {
  const { t } = useTranslation();
  const { refreshUser } = useSession();
  const [params, setParams] = useSearchParams();
  const outcome = params.get('checkout');
  /** While waiting: the earliest time a credit counts from. */
  const [since, setSince] = useState<number | null>(null);
  const reads = useRef(0);

  useEffect(() => {
    if (outcome !== 'success') return;
    reads.current = 0;
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
  }, [outcome, setParams]);

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
    reads.current += 1;
    if (!credit && reads.current < POLLS) return;
    setSince(null);
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
}
