// What someone who is not an admin sees: a clear page, not a broken screen. The server is the gate (every
// /api/admin call checks the role); this page only explains its answer.
import { Link } from 'react-router';
import { appHomePath, pagePath } from '../../../../../shared/web-routes.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { ShieldIcon } from '../../../components/ui/icons.tsx';
import { ADMIN_TEXT as T } from '../admin-strings.ts';

export function AdminOnly({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="card admin-reserved" aria-labelledby="admin-reserved-title">
      <span className="admin-reserved__icon" aria-hidden="true">
        <ShieldIcon />
      </span>
      <h1 id="admin-reserved-title">{T.reserved.title}</h1>
      <p>{signedIn ? T.reserved.body : T.reserved.signedOut}</p>
      <Link
        className={buttonClass({ variant: 'primary' })}
        to={signedIn ? appHomePath('fr') : pagePath('login', 'fr')}
      >
        {signedIn ? T.reserved.home : T.reserved.login}
      </Link>
    </section>
  );
}
