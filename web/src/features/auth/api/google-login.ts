import { api } from '../../../lib/api-client.ts';

/** Starts the identity-provider login: the API answers with the provider's page to go to. */
export async function startGoogleLogin(): Promise<void> {
  const { auth_url } = await api('googleLogin', { credentials: 'include' });
  window.location.assign(auth_url);
}
