// One look for everyone (docs/product.md, "Teams"): the owner picks the styles members may create (or every
// style) and, for the styles that take a backdrop and an outfit, the combinations allowed (or any). The
// server holds members to it; finished avatars never change.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MyTeam, Style, TeamCombo } from '#shared/api-schemas.ts';
import { BACKDROP_IDS, OUTFIT_IDS } from '#shared/style-choices.ts';
import { BackdropSwatch } from '../../../components/choices/choice-swatch.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PaletteIcon } from '../../../components/ui/icons.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { routeQuery } from '../../../lib/server-state.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useSetAllowed } from '../api/team.ts';
import { teamMessage } from '../team-messages.ts';
import { TeamPanel } from './panel.tsx';

const comboKey = (c: TeamCombo) => `${c.backdrop}+${c.outfit}`;
const styleName = (s: Style, lang: string) => (lang === 'fr' && s.translations?.fr?.name) || s.name;

export function AllowedLooks({ team }: { team: MyTeam }) {
  const { t, language } = useTranslation();
  const styles = useQuery(routeQuery('listStyles'));
  const save = useSetAllowed(team.team_id);
  const [someStyles, setSomeStyles] = useState(team.allowed.styles !== null);
  const [styleIds, setStyleIds] = useState<number[]>(team.allowed.styles ?? []);
  const [someCombos, setSomeCombos] = useState(team.allowed.combos !== null);
  const [combos, setCombos] = useState<string[]>((team.allowed.combos ?? []).map(comboKey));
  const [error, setError] = useState<string | null>(null);

  const list = styles.data?.styles ?? [];
  // Only when a style that may be picked takes a backdrop and an outfit.
  const anyTakesChoices = list.some((s) => s.accepts_choices && (!someStyles || styleIds.includes(s.id)));

  const toggleStyle = (id: number) =>
    setStyleIds((ids) => (ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id]));
  const toggleCombo = (key: string) =>
    setCombos((keys) => (keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key]));

  const onSave = () => {
    if (someStyles && styleIds.length === 0) return setError(t('team.pickOneStyle'));
    if (someCombos && combos.length === 0) return setError(t('team.pickOneCombo'));
    setError(null);
    const chosenCombos = combos.map((key) => {
      const [backdrop, outfit] = key.split('+') as [TeamCombo['backdrop'], TeamCombo['outfit']];
      return { backdrop, outfit };
    });
    save.mutate(
      { styles: someStyles ? styleIds : null, combos: someCombos ? chosenCombos : null },
      {
        onSuccess: () => toast.success(t('team.allowedSaved')),
        onError: (e) => setError(teamMessage(e, language, t('team.allowedFailed'))),
      },
    );
  };

  return (
    <TeamPanel
      id="team-allowed"
      icon={<PaletteIcon />}
      title={t('team.allowedTitle')}
      hint={t('team.allowedHint')}
    >
      {styles.isError && (
        <RetryAlert message={t('team.stylesFailed')} onRetry={() => void styles.refetch()} />
      )}
      <fieldset className="looks__group">
        <legend>{t('team.stylesLegend')}</legend>
        <div className="looks__modes">
          <label className="looks__mode">
            <input
              type="radio"
              name="styles-mode"
              checked={!someStyles}
              onChange={() => setSomeStyles(false)}
            />
            {t('team.allStyles')}
          </label>
          <label className="looks__mode">
            <input
              type="radio"
              name="styles-mode"
              checked={someStyles}
              onChange={() => setSomeStyles(true)}
              data-testid="some-styles"
            />
            {t('team.someStyles')}
          </label>
        </div>
        {someStyles && (
          <ul className="looks__styles" data-testid="allowed-styles">
            {list.map((s) => (
              <li key={s.id}>
                <label className="looks__style">
                  <input
                    type="checkbox"
                    checked={styleIds.includes(s.id)}
                    onChange={() => toggleStyle(s.id)}
                    data-style-id={s.id}
                  />
                  <img src={s.image_url} alt="" width={32} height={32} loading="lazy" />
                  <span>{styleName(s, language)}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      {anyTakesChoices && (
        <fieldset className="looks__group">
          <legend>{t('team.combosLegend')}</legend>
          <div className="looks__modes">
            <label className="looks__mode">
              <input
                type="radio"
                name="combos-mode"
                checked={!someCombos}
                onChange={() => setSomeCombos(false)}
              />
              {t('team.anyCombo')}
            </label>
            <label className="looks__mode">
              <input
                type="radio"
                name="combos-mode"
                checked={someCombos}
                onChange={() => setSomeCombos(true)}
                data-testid="some-combos"
              />
              {t('team.someCombos')}
            </label>
          </div>
          {someCombos && (
            <ul className="looks__combos" data-testid="allowed-combos">
              {BACKDROP_IDS.map((backdrop) => (
                <li key={backdrop} className="looks__backdrop">
                  <span className="looks__backdrop-name">
                    <span className="looks__swatch">
                      <BackdropSwatch id={backdrop} />
                    </span>
                    {t(`choices.backdrop.${backdrop}`)}
                  </span>
                  <span className="looks__outfits">
                    {OUTFIT_IDS.map((outfit) => {
                      const key = comboKey({ backdrop, outfit });
                      const on = combos.includes(key);
                      return (
                        <button
                          key={outfit}
                          type="button"
                          className={`looks__outfit${on ? ' looks__outfit--on' : ''}`}
                          aria-pressed={on}
                          aria-label={t('team.combo', {
                            backdrop: t(`choices.backdrop.${backdrop}`),
                            outfit: t(`choices.outfit.${outfit}`),
                          })}
                          onClick={() => toggleCombo(key)}
                          data-combo={key}
                        >
                          {t(`choices.outfit.${outfit}`)}
                        </button>
                      );
                    })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
      )}
      {error && <Alert kind="error">{error}</Alert>}
      <div>
        <Button onClick={onSave} loading={save.isPending} data-testid="save-allowed">
          {t('team.saveAllowed')}
        </Button>
      </div>
    </TeamPanel>
  );
}
