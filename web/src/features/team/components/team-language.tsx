// The language the team's invitations are written in (docs/product.md, "Teams"): owner and admins choose it;
// each email then carries the other language below, and its join link opens the page in this one. Saved as
// soon as it is chosen.
import { LANGUAGES, type Language } from '#shared/language.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { MailIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toasts.ts';
import { useSetTeamLanguage } from '../api/team.ts';
import { teamMessage } from '../team-messages.ts';
import { TeamPanel } from './panel.tsx';

export function TeamLanguage({ teamId, lang }: { teamId: string; lang: Language }) {
  const { t, language } = useTranslation();
  const save = useSetTeamLanguage(teamId);
  const chosen = save.isPending && save.variables ? save.variables : lang;

  const onChange = (next: Language) =>
    save.mutate(next, {
      onSuccess: () => toast.success(t('team.languageSaved', { language: t(`team.language_${next}`) })),
    });

  return (
    <TeamPanel
      id="team-language"
      icon={<MailIcon />}
      title={t('team.languageLabel')}
      hint={t('team.languageHint')}
    >
      <label className="field">
        <span className="field__label visually-hidden">{t('team.languageLabel')}</span>
        <select
          className="field__input"
          value={chosen}
          disabled={save.isPending}
          onChange={(e) => onChange(e.target.value as Language)}
          data-testid="team-language-select"
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {t(`team.language_${l}`)}
            </option>
          ))}
        </select>
      </label>
      {save.isError && (
        <Alert kind="error">{teamMessage(save.error, language, t('team.languageFailed'))}</Alert>
      )}
    </TeamPanel>
  );
}
