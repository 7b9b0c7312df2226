// Spec section 8, "Login", "Login link request", "Signup" and "Token login": which message (and which
// follow-up action) each failure gets.
import type { AlertKind } from '../../components/ui/alert.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { serverMessage } from '../../lib/api-messages.ts';
import type { TFunction } from '../../lib/i18n.ts';

export type AuthAction = 'signUp' | 'resendActivation' | 'goToLogin';

export interface FormMessage {
  kind: AlertKind;
  text: string;
  action?: AuthAction;
}

const error = (text: string, action?: AuthAction): FormMessage =>
  action ? { kind: 'error', text, action } : { kind: 'error', text };

export function loginFailure(e: unknown, t: TFunction): FormMessage {
  if (!isApiError(e)) return error(t('login.errorGeneric'));
  switch (e.status) {
    case 400:
      return error(t('login.errorMissingFields'));
    case 401:
      return e.code === 'UNKNOWN_LOGIN_EMAIL' || e.msg?.includes('No account found')
        ? error(t('login.errorNoAccount'), 'signUp')
        : error(t('login.errorWrongPassword'));
    case 403:
      return error(t('login.errorNotActivated'), 'resendActivation');
    case 500:
      return error(t('login.errorServer'));
    default:
      return error(serverMessage(e) ?? t('login.errorGeneric'));
  }
}

export function loginLinkFailure(e: unknown, t: TFunction): FormMessage {
  if (isApiError(e) && e.status === 404) return error(t('login.linkErrorNoAccount'), 'signUp');
  return error((isApiError(e) && serverMessage(e)) || t('login.linkErrorGeneric'));
}

export function signupFailure(e: unknown, t: TFunction): FormMessage {
  if (!isApiError(e)) return error(t('signup.errorGeneric'));
  switch (e.status) {
    case 400:
      return error(serverMessage(e) ?? t('signup.errorInvalidEmail'));
    case 409:
      return error(t('signup.errorTaken'), 'goToLogin');
    case 500:
      return error(e.msg ?? t('signup.errorGeneric'));
    default:
      return error(serverMessage(e) ?? t('signup.errorGeneric'));
  }
}

export function tokenLoginFailure(e: unknown, t: TFunction): string {
  if (!isApiError(e)) return t('tokenLogin.errorGeneric');
  if (e.status === 0) return t('tokenLogin.errorNetwork');
  if (e.status === 401) return t('tokenLogin.errorInvalid');
  if (e.status === 500) return t('tokenLogin.errorServer');
  return serverMessage(e) ?? t('tokenLogin.errorGeneric');
}
