import type { ReactNode } from 'react';
import { AlertIcon, CheckCircleIcon, InfoIcon } from './shell-icons.tsx';
import './alert.css';

export type AlertKind = 'error' | 'success' | 'info' | 'warning';

const ICONS: Record<AlertKind, () => ReactNode> = {
  error: AlertIcon,
  warning: AlertIcon,
  success: CheckCircleIcon,
  info: InfoIcon,
};

/** An inline message; errors are announced at once, the rest politely. */
export function Alert({
  kind,
  children,
  action,
}: {
  kind: AlertKind;
  children: ReactNode;
  action?: ReactNode;
}) {
  const Icon = ICONS[kind];
  return (
    <div className={`alert alert--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <span className="alert__icon">
        <Icon />
      </span>
      <div className="alert__body">
        <p className="alert__text">{children}</p>
        {action && <div className="alert__action">{action}</div>}
      </div>
    </div>
  );
}
