// /app/create, Create Your Avatar (docs/product.md, step 4): the
// styles by category, a click toggles one, the side panel totals them against the balance and creates the
// batch; success leads to the gallery with the server's message. The picks are use-selection.ts's, the
// batch use-create-batch.ts's.
import './strings.ts';
import { useMemo, useState } from 'react';
import type { Style } from '#shared/api-schemas.ts';
import type { StyleChoices } from '#shared/style-choices.ts';
import { WelcomeNotice } from '../../components/welcome/welcome-notice.tsx';
import { documentTitle } from '../../lib/document-title.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.tsx';
import { useReferencePhotos } from './api/reference-photos.ts';
import { categoriesOf, useStyles } from './api/styles.ts';
import { useTeamSpend } from './api/team.ts';
import { ALL, CategoryTabs } from './components/category-tabs.tsx';
import { ChoicePicker } from './components/choice-picker.tsx';
import { CreateSkeleton } from './components/create-skeleton.tsx';
import { SelectionBar } from './components/selection-bar.tsx';
import { SelectionPanel } from './components/selection-panel.tsx';
import { StyleCard } from './components/style-card.tsx';
import { comboKey, TeamComboPicker } from './components/team-combo-picker.tsx';
import { readinessOf } from './readiness.ts';
import { useCreateBatch } from './use-create-batch.ts';
import { useSelection } from './use-selection.ts';
import './create.css';
import '../../lib/app-routes.ts';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';

export default function CreatePage() {
  const { t } = useTranslation();
  const { user, userStatus } = useSession();
  const { state, retry } = useStyles();
  const photos = useReferencePhotos();
  const photoCount = typeof photos === 'string' ? photos : photos.count;
  const [category, setCategory] = useState(ALL);
  // A team member with a seat (docs/product.md, "Teams"): the team's allowance, styles and combinations.
  const team = useTeamSpend();
  const spend = team === 'loading' ? null : team;
  const { selectedIds, setSelectedIds, ownChoices, setChoices, pickedCombo, setPickedCombo } = useSelection(
    user?.email ?? null,
  );
  const combo = spend?.combos?.find((c) => comboKey(c) === pickedCombo) ?? spend?.combos?.[0];
  const choices: StyleChoices = spend?.combos
    ? combo
      ? { backdrops: [combo.backdrop], outfits: [combo.outfit] }
      : { backdrops: [], outfits: [] }
    : ownChoices;

  const allStyles = state.status === 'ready' ? state.styles : [];
  const styles = useMemo(
    () => (spend?.styles ? allStyles.filter((s) => spend.styles?.includes(s.id)) : allStyles),
    [allStyles, spend?.styles],
  );
  const categories = useMemo(() => categoriesOf(styles), [styles]);
  const shown = category === ALL ? styles : styles.filter((s) => s.category === category);
  const selected = selectedIds
    .map((id) => styles.find((s) => s.id === id))
    .filter((s): s is Style => s !== undefined);
  const readiness = readinessOf(
    selected,
    choices,
    user,
    userStatus === 'loading' || team === 'loading',
    photoCount,
    t,
    spend?.allowanceLeft,
  );
  const anyTakesChoices = styles.some((s) => s.accepts_choices);
  const { submitting, serverError, setServerError, create } = useCreateBatch(selected, choices, readiness);

  const toggle = (style: Style) => {
    setServerError(null);
    setSelectedIds((ids) =>
      ids.includes(style.id) ? ids.filter((id) => id !== style.id) : [...ids, style.id],
    );
  };

  return (
    <div className="container create">
      <title>{documentTitle(t('create.title'))}</title>
      <header className="app-page-header">
        <h1>{t('create.title')}</h1>
        <p className="muted">{t('create.subtitle')}</p>
      </header>
      <WelcomeNotice />
      {state.status === 'error' && <RetryAlert message={t('create.stylesFailed')} onRetry={retry} />}
      {state.status === 'loading' && <CreateSkeleton />}
      {state.status === 'ready' && (
        <div className="create__grid">
          <section className="create__styles" aria-label={t('create.categories')}>
            {anyTakesChoices && spend?.combos && (
              <TeamComboPicker
                combos={spend.combos}
                picked={combo ? comboKey(combo) : ''}
                onPick={(key) => {
                  setServerError(null);
                  setPickedCombo(key);
                }}
              />
            )}
            {anyTakesChoices && !spend?.combos && (
              <ChoicePicker
                choices={choices}
                onChange={(next) => {
                  setServerError(null);
                  setChoices(next);
                }}
              />
            )}
            <CategoryTabs categories={categories} current={category} onChange={setCategory} />
            <div id="style-grid" role="tabpanel" aria-labelledby={`tab-${category}`}>
              <ul className="style-grid" data-testid="style-grid">
                {shown.map((style) => (
                  <StyleCard
                    key={style.id}
                    style={style}
                    selected={selectedIds.includes(style.id)}
                    balance={spend ? null : readiness.balance}
                    team={spend !== null}
                    onToggle={() => toggle(style)}
                  />
                ))}
              </ul>
            </div>
          </section>
          <SelectionPanel
            selected={selected}
            choices={choices}
            readiness={readiness}
            photoCount={photoCount}
            someoneElse={typeof photos === 'string' ? [] : photos.someoneElse}
            setQuality={typeof photos === 'string' ? null : photos.setQuality}
            submitting={submitting}
            serverError={serverError}
            onRemove={toggle}
            onCreate={create}
            team={spend !== null}
          />
          {selected.length > 0 && (
            <SelectionBar count={selected.length} total={readiness.total} team={spend !== null} />
          )}
        </div>
      )}
    </div>
  );
}
