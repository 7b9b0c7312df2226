// For administrators only: the way to the styles manager (/admin/styles, in French as the product's contract has it).
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { PaletteIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocalizedPath } from '../../../lib/language.ts';

export function AdminCard() {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  return (
    <section className="card panel-card" aria-labelledby="admin-title" data-testid="admin-card">
      <header className="account-card__header">
        <span className="panel-card__icon">
          <PaletteIcon />
        </span>
        <div>
          <h2 id="admin-title">{t('account.adminTitle')}</h2>
          <p className="muted">{t('account.adminIntro')}</p>
        </div>
      </header>
      <Link to={path('adminStyles')} className={buttonClass({ variant: 'secondary', block: true })}>
        {t('account.adminOpen')}
      </Link>
    </section>
  );
}
