// One Stripe client per process. The same client talks to Stripe in AWS and to the local Stripe-compatible
// server (infra/local/stripe) in development and tests: only host, port and protocol differ. The API
// version is the one this SDK version pins (no override), so payloads match the types we read them with.
import Stripe from 'stripe';

interface StripeClientConfig {
  secretKey: string;
  /** e.g. http://127.0.0.1:12111 for the local stand-in; absent: api.stripe.com */
  apiUrl?: string | undefined;
}

export function createStripeClient(config: StripeClientConfig): Stripe {
  const base = config.apiUrl ? new URL(config.apiUrl) : null;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 8_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}
