// Back from the payment provider on /app/account?checkout=success: the webhook credits the tokens, usually
// before the browser arrives, sometimes a moment after. Wait for the credit in the ledger (a purchase or
// a month's tokens made in the last minutes), then refresh the balance everywhere and say what arrived.
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { LedgerEntry } from '../../../../shared/api-schemas.ts';
import { api } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/i18n.ts';
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
  // Removing the query re-renders without it: the wait must outlive that, and end only with the page.
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  useEffect(() => {
    if (outcome !== 'success' || (running.current && !running.current.signal.aborted)) return;
    const controller = new AbortController();
    running.current = controller;
    // A reload must not announce the payment again.
    setParams(
      (p) => {
        p.delete('checkout');
        p.delete('session_id');
        return p;
      },
      { replace: true },
    );
    const since = Math.floor(Date.now() / 1000) - RECENT_SECONDS;
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    (async () => {
      for (let i = 0; i < POLLS; i++) {
        const { entries } = await api('tokenLedger', { signal: controller.signal });
        const credit = entries.find((e) => isCredit(e, since));
        if (credit) {
          const user = await refreshUser();
          if (controller.signal.aborted) return;
          const balance = user ? tokenBalance(user) : credit.balance_after;
          toast.success(
            credit.reason === 'purchase'
              ? t('account.checkoutPurchase', { count: credit.amount, balance })
              : t('account.checkoutSubscription', { count: credit.amount, balance }),
          );
          return;
        }
        await wait(POLL_MS);
        if (controller.signal.aborted) return;
      }
      toast.info(t('account.checkoutPending'));
    })().catch((e: unknown) => {
      if (!controller.signal.aborted) console.error('Checkout return', e);
    });
  }, [outcome, setParams, refreshUser, t]);
}
