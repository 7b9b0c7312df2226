import { useTranslation } from '../../lib/i18n.ts';
import { Footer } from './footer.tsx';
import { PageOutlet } from './page-outlet.tsx';
import { PublicNavbar } from './public-navbar.tsx';

export function PublicLayout() {
  const { t } = useTranslation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <PublicNavbar />
      <main id="main" className="page-main">
        <PageOutlet />
      </main>
      <Footer />
    </>
  );
}
