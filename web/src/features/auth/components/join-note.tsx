// An invitation's link (/app/team?code=…) opened without a session leads to the login page, which keeps it
// for the sign-in to come back to (app/route-guards.tsx, lib/return-to.ts). The invitee, who may have no
// account yet, is told so on the login and sign-up pages, as a plan chosen first is (purchase-note.tsx,
// which wins: the sign-in goes to the checkout then, features/auth/after-login.ts). Once the code's preview
// answers, the note names the team and the address to use: an invitation's own, or an open link's domains.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { JoinPreview } from '#shared/api-schemas.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { pendingPurchase } from '../../../lib/purchase-intent.ts';
import { keptReturn, sentFrom } from '../../../lib/return-to.ts';
import { previewJoinCode } from '../api/join-preview.ts';

const JOIN_PAGE = /^\/(fr\/)?app\/team\?(.*&)?code=/;

export function JoinNote({ after }: { after: 'login' | 'signup' }) {
  const { t } = useTranslation();
  const { state } = useLocation();
  // The login page keeps the page it was sent from once it has drawn: read it from the navigation then.
  const path = sentFrom(state) ?? keptReturn();
  const shown = !!path && JOIN_PAGE.test(path) && !pendingPurchase();
  const code = shown ? new URLSearchParams(path.split('?')[1]).get('code') : null;
  const seen = useJoinPreview(code);
  if (!shown) return null;
  const usable = seen?.status === 'valid';
  const team =
    usable && seen.kind === 'invite' && seen.email
      ? t('join.inviteFor', { team: seen.team_name, email: seen.email })
      : usable && seen.kind === 'link' && seen.domains.length > 0
        ? t('join.linkFor', { team: seen.team_name, domains: seen.domains.map((d) => `@${d}`).join(', ') })
        : null;
  return (
    <div data-testid="join-note">
      <Alert kind="info">
        {team && (
          <strong className="auth__join-team" data-testid="join-team-note">
            {team}{' '}
          </strong>
        )}
        {t(after === 'login' ? 'join.afterLogin' : 'join.afterSignup')}
      </Alert>
    </div>
  );
}

function useJoinPreview(code: string | null): JoinPreview | null {
  const [seen, setSeen] = useState<{ code: string; preview: JoinPreview | null } | null>(null);
  useEffect(() => {
    if (!code) return;
    let current = true;
    void previewJoinCode(code).then((preview) => {
      if (current) setSeen({ code, preview });
    });
    return () => {
      current = false;
    };
  }, [code]);
  return seen && seen.code === code ? seen.preview : null;
}
