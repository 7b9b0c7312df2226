import type { Language } from '#shared/language.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * Starts "Sign in with Google": the API answers the provider's page to go to, and sets the cookie that
 * binds this sign-in to this browser (hence the credentials). `lang` is where the sign-in comes back to.
 */
export async function startGoogleLogin(lang: Language): Promise<void> {
  const { auth_url } = await api('googleLogin', { credentials: 'include', query: { lang } });
  window.location.assign(auth_url);
}
