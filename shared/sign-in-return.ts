// Where a sign-in goes back to, one rule for the browser and the server. The web app keeps the page a visitor
// was sent to /login from (web/src/lib/return-to.ts) and the plan they chose first
// (web/src/lib/purchase-intent.ts) in the browser; sign-up and "Send me a login link" send both along, and
// the emailed link carries them, so that the link opened on another device (the invitation read on the
// laptop, the activation email on the phone) still lands there (docs/product.md, "Sign-up and activation on
// two devices"). What the server cannot check, it drops: a return that is not an app page of this origin is
// never an error, never a redirect elsewhere, and never more than a short, plain path in an email. Free of
// imports but a type; kept out of the landing page's chunk like lib/return-to.ts (web/vite.config.ts).

import type { Language } from './language.ts';

/** Longer than any page of the app with its code (/fr/app/team?code=…, /fr/app/account?delete=…). */
export const RETURN_PATH_MAX_LENGTH = 256;

/**
 * /app or /fr/app, then segments of letters, digits, `_` and `-` (no `.`, so no `..`; no empty segment, so
 * no `//`), then a query of the characters a browser's address keeps as they are (no `\`, `#`, quote,
 * angle bracket, space or control character). A scheme (`javascript:`, `https:`) cannot start with `/`.
 */
const APP_PAGE = /^\/(?:fr\/)?app(?:\/[\w-]+)*\/?(?:\?[\w\-.~%=&+]*)?$/;

/**
 * The same app page in the language the person signed in with: an invitation's /app/team?code=… (written in
 * the team's language) kept by someone who signed up on /fr/signup opens as /fr/app/team?code=…, and back.
 */
export function appPageIn(path: string, lang: Language): string {
  const page = path.replace(/^\/fr(?=\/app(?:[/?]|$))/, '');
  return lang === 'fr' ? `/fr${page}` : page;
}

/** The app page to go back to after a sign-in, or null for anything else (another origin, a scheme, `..`). */
export function appReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > RETURN_PATH_MAX_LENGTH) return null;
  return APP_PAGE.test(value) ? value : null;
}
