// The side panel: the selected styles with their cost and a remove button, the
// running total, the warnings, and Create Avatars, or Upload Reference Photos with fewer than 2 photos.
import { Link } from 'react-router';
import type { SetQuality, Style } from '#shared/api-schemas.ts';
import { PHOTO_LIMITS } from '#shared/photo-rules.ts';
import type { StyleChoices } from '#shared/style-choices.ts';
import { SetQualityMeter } from '../../../components/quality/quality-meter.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { ArrowRightIcon, CloseIcon, PaletteIcon, UploadIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocalizedPath } from '../../../lib/language.ts';
import { styleText } from '../api/styles.ts';
import { avatarsOf, type Readiness } from '../readiness.ts';

export function SelectionPanel({
  selected,
  choices,
  readiness,
  photoCount,
  someoneElse,
  setQuality = null,
  submitting,
  serverError,
  onRemove,
  onCreate,
  team = false,
}: {
  selected: Style[];
  choices: StyleChoices;
  readiness: Readiness;
  photoCount: number | 'loading' | 'unknown';
  /** photos the face check says may show someone else (their names on the device) */
  someoneElse: string[];
  /** the set's quality score: a meter with what would raise it most, and under 60 what the user risks */
  setQuality?: SetQuality | null;
  submitting: boolean;
  serverError: string | null;
  onRemove: (style: Style) => void;
  onCreate: () => void;
  /** a team member's create: counted in avatars from the team's allowance (docs/product.md, "Teams") */
  team?: boolean;
}) {
  const { t, language } = useTranslation();
  const path = useLocalizedPath();
  const { total, balance } = readiness;
  const needsPhotos = typeof photoCount === 'number' && photoCount < PHOTO_LIMITS.neededForAvatars;

  return (
    <aside
      className="card selection"
      id="selection"
      aria-labelledby="selection-title"
      data-testid="selection-panel"
    >
      <header className="selection__header">
        <h2 id="selection-title">{t('create.panelTitle')}</h2>
        {selected.length > 0 && <span className="selection__count">{selected.length}</span>}
      </header>
      {selected.length === 0 ? (
        <p className="selection__empty">
          <PaletteIcon />
          {t('create.panelEmpty')}
        </p>
      ) : (
        <ul className="selection__list" data-testid="selection-list">
          {selected.map((style) => {
            const { name } = styleText(style, language);
            const avatars = avatarsOf(style, choices);
            return (
              <li key={style.id} className="selection__item" data-testid="selected-style">
                <img src={style.image_url} alt="" width={40} height={40} />
                <span className="selection__name">
                  {name}
                  {avatars > 1 && !team && (
                    <span className="selection__avatars">{t('create.avatars', { count: avatars })}</span>
                  )}
                </span>
                <span className="selection__cost">
                  {team
                    ? t('create.avatars', { count: avatars })
                    : t('create.cost', { count: style.token_cost * avatars })}
                </span>
                <button
                  type="button"
                  className="selection__remove"
                  onClick={() => onRemove(style)}
                  aria-label={t('create.remove', { name })}
                  title={t('create.remove', { name })}
                >
                  <CloseIcon />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <dl className="selection__totals">
        <div className="selection__total">
          <dt>{t('create.total')}</dt>
          <dd data-testid="selection-total">
            {team ? t('create.avatars', { count: total }) : t('create.cost', { count: total })}
          </dd>
        </div>
        {team ? (
          <div>
            <dd className="selection__team" data-testid="team-allowance">
              {t('create.teamAllowance', { count: balance ?? 0 })}
            </dd>
          </div>
        ) : (
          <div>
            <dt>{t('create.balance')}</dt>
            <dd data-testid="selection-balance">
              {balance === null ? '–' : t('create.cost', { count: balance })}
            </dd>
          </div>
        )}
        {typeof photoCount === 'number' && (
          <div>
            <dt className="visually-hidden">{t('create.uploadLink')}</dt>
            <dd className="selection__photos">{t('create.photos', { count: photoCount })}</dd>
          </div>
        )}
      </dl>
      {setQuality && typeof photoCount === 'number' && photoCount > 0 && (
        <SetQualityMeter quality={setQuality} />
      )}
      <div className="selection__warnings" data-testid="selection-warnings">
        {readiness.warnings.map((w) => (
          <Alert key={w.key} kind={w.kind}>
            {w.text}
          </Alert>
        ))}
        {someoneElse.map((name) => (
          <Alert key={`someone-else-${name}`} kind="warning">
            <span data-testid="someone-else-warning">{t('create.someoneElse', { name })}</span>{' '}
            <Link to={path('appUpload')}>{t('create.checkPhotos')}</Link>
          </Alert>
        ))}
        {/* The guarantee covers one person's likeness (docs/faces.md, "The guarantee"): said before paying. */}
        {someoneElse.length > 0 && (
          <Alert kind="warning">
            <span data-testid="guarantee-not-covered">{t('create.guaranteeNotCovered')}</span>
          </Alert>
        )}
        {serverError && <Alert kind="error">{serverError}</Alert>}
      </div>
      {needsPhotos ? (
        <Link to={path('appUpload')} className={buttonClass({ size: 'lg', block: true })}>
          <UploadIcon />
          {t('create.uploadLink')}
        </Link>
      ) : (
        <Button
          size="lg"
          block
          onClick={onCreate}
          loading={submitting}
          disabled={!readiness.canCreate || photoCount === 'loading'}
        >
          {t('create.createButton')}
          {!submitting && <ArrowRightIcon />}
        </Button>
      )}
      {readiness.short && !team && (
        <Link to={path('pricing')} className="selection__buy">
          {t('create.buyTokens')}
        </Link>
      )}
    </aside>
  );
}
