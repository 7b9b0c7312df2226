// The identity provider, loaded on first use: openid-client (and its crypto) costs the auth function's
// cold start nothing until someone clicks "Continue with Google".
import type { IdentityProvider } from '../domain/ports.ts';
import type { OpenIdSettings } from './settings.ts';

export function lazyIdentityProvider(settings: OpenIdSettings): IdentityProvider {
  let loaded: Promise<IdentityProvider> | undefined;
  const provider = () => {
    loaded ??= import('./openid-client-provider.ts').then((m) => new m.OpenIdClientProvider(settings));
    return loaded;
  };
  return {
    authorizationRequest: async () => (await provider()).authorizationRequest(),
    verifyCallback: async (query, expected) => (await provider()).verifyCallback(query, expected),
  };
}
