// What someone who is not an admin sees: a clear page, not a broken screen. The server is the gate (every
// /api/admin call checks the role); this page only explains its answer.
import { Link } from 'react-router';
import { appHomePath, pagePath } from '#shared/web-routes.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { ShieldIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

export function AdminOnly({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('fr');
  return (
    <section className="card admin-reserved" aria-labelledby="admin-reserved-title">
      <span className="admin-reserved__icon" aria-hidden="true">
        <ShieldIcon />
      </span>
      <h1 id="admin-reserved-title">{t('admin.reserved.title')}</h1>
      <p>{t(signedIn ? 'admin.reserved.body' : 'admin.reserved.signedOut')}</p>
      <Link
        className={buttonClass({ variant: 'primary' })}
        to={signedIn ? appHomePath('fr') : pagePath('login', 'fr')}
      >
        {t(signedIn ? 'admin.reserved.home' : 'admin.reserved.login')}
      </Link>
    </section>
  );
}
