// Each route renders inside this boundary ("Unexpected Application Error!").
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { languageOfPath, pagePath } from '#shared/web-routes.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { buttonClass } from '../ui/button.tsx';
import { AlertIcon } from '../ui/shell-icons.tsx';
import './route-error.css';

function RouteErrorFallback() {
  const { t } = useTranslation();
  return (
    <div className="route-error" role="alert">
      <div className="route-error__icon">
        <AlertIcon />
      </div>
      <h1>{t('errorPage.title')}</h1>
      <p className="muted">{t('errorPage.text')}</p>
      <div className="route-error__actions">
        <button type="button" className={buttonClass()} onClick={() => window.location.reload()}>
          {t('errorPage.reload')}
        </button>
        {/* A full load: whatever broke this page is left behind. */}
        <a
          className={buttonClass({ variant: 'secondary' })}
          href={pagePath('home', languageOfPath(window.location.pathname))}
        >
          {t('errorPage.home')}
        </a>
      </div>
    </div>
  );
}

export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unexpected application error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteErrorFallback /> : this.props.children;
  }
}
