// An invitation's link (/app/team?code=…) opened without a session leads to the login page, which keeps it
// for the sign-in to come back to (app/route-guards.tsx, lib/return-to.ts). The invitee, who may have no
// account yet, is told so on the login and sign-up pages, as a plan chosen first is (purchase-note.tsx,
// which wins: the sign-in goes to the checkout then, features/auth/after-login.ts).
import { useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { pendingPurchase } from '../../../lib/purchase-intent.ts';
import { keptReturn, sentFrom } from '../../../lib/return-to.ts';

const JOIN_PAGE = /^\/(fr\/)?app\/team\?(.*&)?code=/;

export function JoinNote({ after }: { after: 'login' | 'signup' }) {
  const { t } = useTranslation();
  const { state } = useLocation();
  // The login page keeps the page it was sent from once it has drawn: read it from the navigation then.
  const path = sentFrom(state) ?? keptReturn();
  if (!path || !JOIN_PAGE.test(path) || pendingPurchase()) return null;
  return (
    <div data-testid="join-note">
      <Alert kind="info">{t(after === 'login' ? 'join.afterLogin' : 'join.afterSignup')}</Alert>
    </div>
  );
}
