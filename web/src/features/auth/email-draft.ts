// The address typed on the sign-in pages (login, sign-up), one for all of them rather than one per page.
// Following "Sign up" or "Log in" changes the address bar at once, but the router draws the next page as a
// transition (react-router's BrowserRouter): the page being left stays on screen, and takes keys, until the
// next one or its spinner replaces it (20-60 ms in Chromium, a few hundred on a slow phone). A page that kept
// the address to itself dropped what was typed in that moment; each page starts from what was typed last,
// on either (tests/components/auth-email-kept.test.tsx). In memory only: a reload forgets it, and so does
// a sign-out, which reloads the page (lib/session.tsx). The other page's code is fetched while this one is
// shown, so the swap is one drawing, without a spinner during which keys would land in no field; the field
// that had the keyboard hands it on (components/email-field.tsx).
import { useCallback, useEffect, useState } from 'react';
import { pageChunks } from '../../lib/page-chunks.ts';

let typed = '';

/**
 * The email field's value and its setter for a sign-in page: the address the page was sent here with
 * (a message's "Sign up" or "Go to login page", components/message-action.tsx), else the one typed last.
 */
export function useEmailDraft(sentWith: string): [string, (email: string) => void] {
  const [email, setEmail] = useState(() => sentWith || typed);
  const change = useCallback((value: string) => {
    typed = value;
    setEmail(value);
  }, []);
  return [email, change];
}

/**
 * Fetches the other sign-in page's code, as the app's navbar does for its screens when pointed at
 * (components/layout/app-navbar.tsx); a failed fetch shows in the route's error boundary, with its Reload
 * button, once the link is followed.
 */
export function usePreloadedSignInPage(other: 'login' | 'signup'): void {
  useEffect(() => {
    pageChunks[other].preload().catch(() => undefined);
  }, [other]);
}

/** Signed in: the address is not kept for the sign-in pages (and each component test starts without one). */
export function forgetEmailDraft(): void {
  typed = '';
}
