import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import {
  dismissToast,
  getToasts,
  showToastLeftForThisLoad,
  subscribeToToasts,
  type ToastKind,
} from '../../lib/toasts.ts';
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon } from './shell-icons.tsx';
import './toaster.css';

const ICONS: Record<ToastKind, () => ReactNode> = {
  error: AlertIcon,
  warning: AlertIcon,
  success: CheckCircleIcon,
  info: InfoIcon,
};

/** The toast area: one per app, bottom right (bottom centre on phones). */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToToasts, getToasts, getToasts);
  const { t } = useTranslation();
  useEffect(showToastLeftForThisLoad, []);
  return (
    <section className="toaster" aria-label={t('common.notifications')}>
      {toasts.map((toast) => {
        const Icon = ICONS[toast.kind];
        return (
          <div
            key={toast.id}
            className={`toast toast--${toast.kind}`}
            role={toast.kind === 'error' ? 'alert' : 'status'}
            data-testid="toast"
          >
            <span className="toast__icon">
              <Icon />
            </span>
            <p className="toast__message">{toast.message}</p>
            <button
              type="button"
              className="toast__close"
              onClick={() => dismissToast(toast.id)}
              aria-label={t('common.close')}
            >
              <CloseIcon />
            </button>
          </div>
        );
      })}
    </section>
  );
}
