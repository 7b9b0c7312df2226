// Access rules of shared/web-routes.ts.
import { type ReactNode, useState } from 'react';
import { Navigate } from 'react-router';
import { appPrefix, pagePath } from '#shared/web-routes.ts';
import { useLanguage, useNextLanguage } from '../lib/language.ts';
import { useSession } from '../lib/session.tsx';

/**
 * Guest pages and the landing page send a signed-in visitor to /app. Decided once, when the page is
 * entered: signing in on /login must not cut its "Login successful" message short.
 */
export function RedirectWhenSignedIn({ children }: { children: ReactNode }) {
  const { signedIn } = useSession();
  const lang = useNextLanguage();
  const [signedInOnEntry] = useState(signedIn);
  return signedInOnEntry ? <Navigate to={appPrefix(lang)} replace /> : children;
}

/**
 * /app pages need a session; without one (or once it ends) the visitor goes to /login. A page opened without
 * a session (an emailed link) goes along, as the navigation's state, for the login page to come back to
 * (lib/return-to.ts); a session that ends here does not.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const { signedIn, sessionEnded } = useSession();
  const lang = useLanguage();
  const [signedInOnEntry] = useState(signedIn);
  // A deleted account's page stays to say so, signed out (lib/session.tsx endSession).
  if (signedIn || sessionEnded) return children;
  const back = signedInOnEntry ? null : { back: location.pathname + location.search };
  return <Navigate to={pagePath('login', lang)} state={back} replace />;
}
