// The design tokens and base styles come first: every component's CSS builds on them (and may override
// the base rules, so it must come later in the stylesheet).
import '../styles/tokens.css';
import '../styles/base.css';
import { StrictMode } from 'react';
import { BrowserRouter } from 'react-router';
import { RouteErrorBoundary } from '../components/errors/route-error-boundary.tsx';
import { Toaster } from '../components/ui/toaster.tsx';
import { SessionProvider } from '../lib/session.tsx';
import { AppRoutes } from './app-routes.tsx';
import { NavigationEffects } from './navigation-effects.tsx';

/** Everything below the router: the same tree in the browser and when pages are prerendered. */
export function AppTree() {
  return (
    <SessionProvider>
      <NavigationEffects />
      {/* Each page has its own boundary; this one catches a failing layout or navbar. */}
      <RouteErrorBoundary>
        <AppRoutes />
      </RouteErrorBoundary>
      <Toaster />
    </SessionProvider>
  );
}

export function App() {
  return (
    <StrictMode>
      <BrowserRouter>
        <AppTree />
      </BrowserRouter>
    </StrictMode>
  );
}
