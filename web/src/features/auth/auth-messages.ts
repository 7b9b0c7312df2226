// The login, login-link, signup and emailed-link screens: which message (and which
// follow-up action) each failure gets. Decided by the server's error code (functions/platform/domain/errors.ts);
// the product's status rules apply only to a code this page does not know.
import type { AlertKind } from '../../components/ui/alert.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { codeMessage, serverMessage } from '../../lib/api-messages.ts';
import type { TFunction } from '../../lib/i18n.ts';

export type AuthAction = 'signUp' | 'resendActivation' | 'goToLogin' | 'sendLoginLink';

export interface FormMessage {
  kind: AlertKind;
  text: string;
  action?: AuthAction;
}

const error = (text: string, action?: AuthAction): FormMessage =>
  action ? { kind: 'error', text, action } : { kind: 'error', text };

export function loginFailure(e: unknown, t: TFunction): FormMessage {
  if (!isApiError(e)) return error(t('login.errorGeneric'));
  switch (e.code) {
    case 'VALIDATION_FAILED':
      return error(t('login.errorMissingFields'));
    case 'UNKNOWN_LOGIN_EMAIL':
      return error(t('login.errorNoAccount'), 'signUp');
    case 'WRONG_PASSWORD':
      return error(t('login.errorWrongPassword'));
    case 'PASSWORD_NOT_SET':
      return error(t('login.errorPasswordNotSet'), 'sendLoginLink');
    case 'ACCOUNT_NOT_ACTIVATED':
      return error(t('login.errorNotActivated'), 'resendActivation');
  }
  if (codeMessage(e.code)) return error(serverMessage(e, t('login.errorGeneric')));
  switch (e.status) {
    case 400:
      return error(t('login.errorMissingFields'));
    case 401:
      return error(t('login.errorWrongPassword'));
    case 403:
      return error(t('login.errorNotActivated'), 'resendActivation');
    case 500:
      return error(t('login.errorServer'));
    default:
      return error(serverMessage(e, t('login.errorGeneric')));
  }
}

export function loginLinkFailure(e: unknown, t: TFunction): FormMessage {
  if (!isApiError(e)) return error(t('login.linkErrorGeneric'));
  if (e.code === 'ACCOUNT_NOT_FOUND' || (e.status === 404 && !codeMessage(e.code))) {
    return error(t('login.linkErrorNoAccount'), 'signUp');
  }
  return error(serverMessage(e, t('login.linkErrorGeneric')));
}

export function signupFailure(e: unknown, t: TFunction): FormMessage {
  if (!isApiError(e)) return error(t('signup.errorGeneric'));
  if (e.code === 'EMAIL_TAKEN' || e.status === 409) return error(t('signup.errorTaken'), 'goToLogin');
  if (e.code === 'INVALID_EMAIL' || e.status === 400) {
    return error(serverMessage(e, t('signup.errorInvalidEmail')));
  }
  return error(serverMessage(e, t('signup.errorGeneric')));
}

/** The link carries no token at all. */
export const NO_TOKEN = 'NO_TOKEN';
/** The failures the product's contract gives a message of their own, whatever the server said. */
const SAID_BY_CODE = new Set([NO_TOKEN, 'INVALID_LOGIN_LINK', 'SERVER_ERROR', 'NETWORK_ERROR', 'UNKNOWN']);

/**
 * What went wrong with an emailed link, as a code: the link's own page says
 * it in English, and a French link's reader is sent on to /fr/login?link=<code>, which says it in French.
 */
export function tokenLoginFailureCode(e: unknown): string {
  if (!isApiError(e)) return 'UNKNOWN';
  if (e.code === 'NETWORK_ERROR') return 'NETWORK_ERROR';
  if (e.code === 'INVALID_LOGIN_LINK' || e.status === 401) return 'INVALID_LOGIN_LINK';
  if (e.status === 500) return 'SERVER_ERROR';
  return e.code;
}

/** A token-login failure's code in the page's words; a code the page does not know gets its generic message. */
function linkFailureMessage(code: string, t: TFunction): string {
  switch (code) {
    case NO_TOKEN:
      return t('tokenLogin.errorNoToken');
    case 'INVALID_LOGIN_LINK':
      return t('tokenLogin.errorInvalid');
    case 'SERVER_ERROR':
      return t('tokenLogin.errorServer');
    case 'NETWORK_ERROR':
      return t('tokenLogin.errorNetwork');
  }
  return (/^[A-Z0-9_]{1,40}$/.test(code) && codeMessage(code)) || t('tokenLogin.errorGeneric');
}

export function tokenLoginFailure(e: unknown, t: TFunction): string {
  const code = tokenLoginFailureCode(e);
  // "Other: the server msg, else 'Error during login. Please try again.'"
  if (isApiError(e) && !SAID_BY_CODE.has(code)) return serverMessage(e, t('tokenLogin.errorGeneric'));
  return linkFailureMessage(code, t);
}

/** Why an emailed link that failed sent its reader to /login (the `link` parameter), in the page's words. */
export const linkReturnMessage = (code: string | null, t: TFunction): FormMessage | null =>
  code === null ? null : error(linkFailureMessage(code, t));

/** Why a Google sign-in came back to /login (the callback's `google` parameter), in the page's words. */
export function googleReturnMessage(reason: string | null, t: TFunction): FormMessage | null {
  switch (reason) {
    case null:
      return null;
    case 'cancelled':
      return { kind: 'info', text: t('auth.googleCancelled') };
    case 'expired':
      return error(t('auth.googleExpired'));
    case 'email_not_verified':
      return error(t('auth.googleEmailNotVerified'));
    default:
      return error(t('auth.googleFailed'));
  }
}

/** The "Continue with Google" call failed: it is logged, and the person is told too. */
export function googleStartFailure(e: unknown, t: TFunction): string {
  if (!isApiError(e)) return t('auth.googleFailed');
  if (e.code === 'GOOGLE_SIGN_IN_UNAVAILABLE') return t('auth.googleUnavailable');
  if (e.code === 'RATE_LIMITED' || e.code === 'NETWORK_ERROR') {
    return codeMessage(e.code) ?? t('auth.googleFailed');
  }
  return t('auth.googleFailed');
}
