// /app/create, Create Your Avatar (docs/product.md, step 4): the
// styles by category, a click toggles one, the side panel totals them against the balance and creates the
// batch; success leads to the gallery with the server's message.
import './strings.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Style } from '../../../../shared/api-schemas.ts';
import type { StyleChoices } from '../../../../shared/style-choices.ts';
import { TEAM_MESSAGES } from '../../../../shared/team-rules.ts';
import { SkeletonCards, SkeletonPanels } from '../../components/layout/app-skeleton.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { WelcomeNotice } from '../../components/welcome/welcome-notice.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { serverMessage } from '../../lib/api-messages.ts';
import { documentTitle } from '../../lib/document-title.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalizedPath } from '../../lib/language.ts';
import { useSession } from '../../lib/session.tsx';
import { toast } from '../../lib/toasts.ts';
import { createBatch, shortBalanceOf } from './api/create-batch.ts';
import { useReferencePhotos } from './api/reference-photos.ts';
import { categoriesOf, useStyles } from './api/styles.ts';
import { useTeamSpend } from './api/team.ts';
import { ALL, CategoryTabs } from './components/category-tabs.tsx';
import { ChoicePicker } from './components/choice-picker.tsx';
import { SelectionPanel } from './components/selection-panel.tsx';
import { StyleCard } from './components/style-card.tsx';
import { comboKey, TeamComboPicker } from './components/team-combo-picker.tsx';
import { forgetSelection, keepSelection, readKeptSelection } from './kept-selection.ts';
import { readinessOf } from './readiness.ts';
import './create.css';
import '../../lib/app-routes.ts';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';

const withoutFinalStop = (s: string) => s.replace(/\.\s*$/, '');

const preselected = (id: string | null): number[] => (id && /^[1-9]\d{0,9}$/.test(id) ? [Number(id)] : []);

export default function CreatePage() {
  const { t, language } = useTranslation();
  const navigate = useNavigate();
  const path = useLocalizedPath();
  const { user, userStatus, refreshUser } = useSession();
  const { state, retry } = useStyles();
  const photos = useReferencePhotos();
  const photoCount = typeof photos === 'string' ? photos : photos.count;
  const [category, setCategory] = useState(ALL);
  // ?style=<id> starts with that style picked (a link to one style).
  const [params] = useSearchParams();
  const [selectedIds, setSelectedIds] = useState<number[]>(() => preselected(params.get('style')));
  const [ownChoices, setChoices] = useState<StyleChoices>({ backdrops: [], outfits: [] });
  // A team member with a seat (docs/product.md, "Teams"): the team's allowance, styles and combinations.
  const team = useTeamSpend();
  const spend = team === 'loading' ? null : team;
  const [pickedCombo, setPickedCombo] = useState<string | null>(null);
  const combo = spend?.combos?.find((c) => comboKey(c) === pickedCombo) ?? spend?.combos?.[0];
  const choices: StyleChoices = spend?.combos
    ? combo
      ? { backdrops: [combo.backdrop], outfits: [combo.outfit] }
      : { backdrops: [], outfits: [] }
    : ownChoices;
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  // The picks survive a language switch and a reload (kept-selection.ts): those kept for this account come
  // back once it is known, beside a ?style one, and each change is kept from then on.
  const account = user?.email ?? null;
  const restoredFor = useRef<string | null>(null);
  useEffect(() => {
    if (!account || restoredFor.current === account) return;
    restoredFor.current = account;
    const kept = readKeptSelection(account);
    if (!kept) return;
    setSelectedIds((ids) => [...kept.styleIds, ...ids.filter((id) => !kept.styleIds.includes(id))]);
    setChoices(kept.choices);
    setPickedCombo(kept.combo);
  }, [account]);
  useEffect(() => {
    if (account && restoredFor.current === account)
      keepSelection(account, { styleIds: selectedIds, choices: ownChoices, combo: pickedCombo });
  }, [account, selectedIds, ownChoices, pickedCombo]);
  // One key per selection: a retry of the same batch (a double click, a lost answer) is charged once.
  const idempotency = useRef<{ ids: string; key: string } | null>(null);

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

  const toggle = (style: Style) => {
    setServerError(null);
    setSelectedIds((ids) =>
      ids.includes(style.id) ? ids.filter((id) => id !== style.id) : [...ids, style.id],
    );
  };

  const create = async () => {
    if (submitting) return;
    if (selected.length === 0) return setServerError(t('create.selectAtLeastOne'));
    if (!user) return setServerError(t('create.balanceUnknown'));
    if (readiness.short) return;
    const ids = JSON.stringify([selected.map((s) => s.id), choices]);
    if (idempotency.current?.ids !== ids) idempotency.current = { ids, key: crypto.randomUUID() };
    setSubmitting(true);
    setServerError(null);
    try {
      const { msg } = await createBatch(selected, choices, idempotency.current.key);
      idempotency.current = null;
      forgetSelection(user.email);
      void refreshUser();
      toast.success(language === 'en' ? msg : t('create.created', { count: readiness.avatars }));
      navigate(path('appGallery'));
    } catch (e) {
      console.error('Create avatars', e);
      const short = shortBalanceOf(e);
      let text: string;
      if (short) {
        const ownWords = t('create.notEnoughTokens', {
          total: short.needed ?? readiness.total,
          available: short.available ?? readiness.balance ?? 0,
        });
        const said = language === 'en' && short.msg ? short.msg : ownWords;
        text = t('create.notEnoughServer', { message: withoutFinalStop(said) });
        void refreshUser();
      } else if (isApiError(e) && e.code === 'TEAM_ALLOWANCE_USED') {
        text = TEAM_MESSAGES.noAllowance[language];
      } else {
        const fallback = t('create.createFailed');
        text = isApiError(e) ? serverMessage(e, fallback) : e instanceof Error ? e.message : fallback;
      }
      setServerError(text);
      toast.error(text);
      setSubmitting(false);
    }
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
      {state.status === 'loading' && (
        <div className="create__grid">
          <div className="create__styles">
            <SkeletonCards count={6} />
          </div>
          <SkeletonPanels count={1} className="skeleton-panels--stack" />
        </div>
      )}
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
            <div className="selection-bar" data-testid="selection-bar">
              <span>
                {t('create.barSummary', {
                  count: selected.length,
                  total: spend
                    ? t('create.avatars', { count: readiness.total })
                    : t('create.cost', { count: readiness.total }),
                })}
              </span>
              <a href="#selection" className={buttonClass({ size: 'sm' })}>
                {t('create.barReview')}
              </a>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
