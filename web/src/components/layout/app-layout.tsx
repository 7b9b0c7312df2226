import { useTranslation } from '../../lib/i18n.ts';
import { ServerStateProvider } from '../../lib/server-state.tsx';
import { AppNavbar } from './app-navbar.tsx';
import { PageOutlet } from './page-outlet.tsx';
import './app-layout.css';

export default function AppLayout() {
  const { t } = useTranslation();
  return (
    <ServerStateProvider>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <AppNavbar />
      <main id="main" className="page-main app-main">
        <PageOutlet />
      </main>
    </ServerStateProvider>
  );
}
