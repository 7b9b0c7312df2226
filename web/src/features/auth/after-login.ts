// Where a successful login goes: /create is not a route of its own, so it falls through
// to / (or /fr), which sends a signed-in user on to the app in that language. A visitor who chose a plan
// first ("Log in to Buy") goes to that plan's checkout instead, whichever way they signed
// in: password, emailed link, sign-up's activation link or Google. An app page opened without a session
// (the deletion email's link, item 11) is gone back to after the sign-in.
import type { Language } from '../../../../shared/language.ts';
import { purchasePath } from '../../lib/purchase-intent.ts';
import { takeReturn } from '../../lib/return-to.ts';

const AFTER_LOGIN_PATH = '/create';
export const afterLoginPath = (lang: Language): string =>
  purchasePath(lang) ?? takeReturn() ?? (lang === 'fr' ? `/fr${AFTER_LOGIN_PATH}` : AFTER_LOGIN_PATH);
export const AFTER_PASSWORD_LOGIN_DELAY_MS = 800;
export const AFTER_LINK_LOGIN_DELAY_MS = 1000;
