// A secret given as its value (local runs) or as the ARN of a Secrets Manager secret (AWS), read once at start.
import type { SecretSource } from './config.ts';

export async function readSecret(source: SecretSource): Promise<string> {
  if ('value' in source) return source.value;
  // Loaded only where the secret lives in Secrets Manager (AWS), not on every cold-start path.
  const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
  const res = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: source.arn }));
  if (!res.SecretString) throw new Error(`Secret ${source.arn} has no string value`);
  return res.SecretString;
}
