// Where a successful login goes (spec section 4): /create is not a route of its own, so it falls through
// to / (or /fr), which sends a signed-in user on to the app in that language.
import type { Language } from '../../../../shared/language.ts';

export const AFTER_LOGIN_PATH = '/create';
export const afterLoginPath = (lang: Language): string =>
  lang === 'fr' ? `/fr${AFTER_LOGIN_PATH}` : AFTER_LOGIN_PATH;
export const AFTER_PASSWORD_LOGIN_DELAY_MS = 800;
export const AFTER_LINK_LOGIN_DELAY_MS = 1000;
