// Back from the payment provider's page with Cancel (/pricing?checkout=cancelled): say that nothing was
// charged, once (the query is removed so a reload stays quiet).
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { type Localized, useStrings } from '../../lib/strings.ts';
import { toast } from '../../lib/toasts.ts';

const CANCELLED: Localized<string> = {
  en: 'Checkout cancelled: you have not been charged.',
  fr: 'Paiement annulé : aucun montant n’a été débité.',
};

export function useCheckoutCancelled(): void {
  const message = useStrings(CANCELLED);
  const [params, setParams] = useSearchParams();
  const cancelled = params.get('checkout') === 'cancelled';
  const shown = useRef(false);
  useEffect(() => {
    if (!cancelled || shown.current) return;
    shown.current = true;
    toast.info(message);
    setParams(
      (p) => {
        p.delete('checkout');
        return p;
      },
      { replace: true },
    );
  }, [cancelled, message, setParams]);
}
