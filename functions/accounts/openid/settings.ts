// What the OpenID adapter needs, kept apart from it so the auth function can name it without loading
// openid-client.

export interface OpenIdSettings {
  /** The provider's issuer URL; everything else comes from its discovery document. */
  issuer: string;
  clientId: string;
  /** Read on first use (Secrets Manager in AWS), not at cold start. */
  clientSecret: () => Promise<string>;
  /** Our callback route's public URL, registered with the provider. */
  redirectUri: string;
  /** Per request to the provider; the function's own time-out is 10 s. */
  timeoutSeconds: number;
}
