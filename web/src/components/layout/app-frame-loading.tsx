// The app's frame while the app layout's own code arrives (app/app-routes.tsx): the app's bar with the logo
// and a loading indicator, drawn from what every page already has (the navbar's styles, the spinner), so an
// /app page reached from a public one (the emailed link's sign-in, the landing page of a signed-in visitor)
// never shows the site's navbar over a blank page meanwhile.
import { appHomePath } from '#shared/web-routes.ts';
import { useLanguage } from '../../lib/language.ts';
import { Logo } from './logo.tsx';
import { PageLoading } from './page-outlet.tsx';
import './navbar.css';

export function AppFrameLoading() {
  const lang = useLanguage();
  return (
    <div data-testid="app-frame-loading">
      <header className="navbar navbar--app navbar--signed-in">
        <div className="container navbar__inner">
          <Logo to={appHomePath(lang)} />
        </div>
      </header>
      <main id="main" className="page-main app-main">
        <PageLoading />
      </main>
    </div>
  );
}
