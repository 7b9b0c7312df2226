// No team yet: create one (a name, optional company email domains) and become its owner.
import { type FormEvent, useState } from 'react';
import { TEAM_LIMITS, TEAM_MESSAGES, teamNameProblem } from '#shared/team-rules.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toasts.ts';
import { useCreateTeam } from '../api/team.ts';
import { teamMessage } from '../team-messages.ts';
import { splitList, TeamPanel } from './panel.tsx';
import { TeamIcon } from './team-icons.tsx';

export function CreateTeamForm() {
  const { t, language } = useTranslation();
  const create = useCreateTeam();
  const [name, setName] = useState('');
  const [domains, setDomains] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(t('team.nameRequired'));
    // The name goes into the team's emails: the server refuses links, headers and line breaks (400).
    const problem = teamNameProblem(name);
    if (problem) return setError(TEAM_MESSAGES[problem][language]);
    const list = splitList(domains);
    if (list.length > TEAM_LIMITS.maxDomains || list.some((d) => !d.includes('.')))
      return setError(t('team.domainsInvalid'));
    setError(null);
    create.mutate(
      { name: name.trim(), ...(list.length ? { domains: list } : {}), lang: language },
      {
        onSuccess: () => toast.success(t('team.created')),
        onError: (e) => setError(teamMessage(e, language, t('team.createFailed'))),
      },
    );
  };

  return (
    <TeamPanel id="team-create" icon={<TeamIcon />} title={t('team.createTitle')} hint={t('team.createHint')}>
      <form className="team-form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('team.nameLabel')}
          placeholder={t('team.namePlaceholder')}
          value={name}
          maxLength={TEAM_LIMITS.nameMaxLength}
          onChange={(e) => setName(e.target.value)}
          autoComplete="organization"
          data-testid="team-name"
        />
        <TextField
          label={t('team.domainsLabel')}
          hint={t('team.domainsHint')}
          placeholder="example.com"
          value={domains}
          onChange={(e) => setDomains(e.target.value)}
          data-testid="team-domains"
        />
        {error && <Alert kind="error">{error}</Alert>}
        <div>
          <Button type="submit" loading={create.isPending} data-testid="create-team">
            {t('team.createButton')}
          </Button>
        </div>
      </form>
    </TeamPanel>
  );
}
