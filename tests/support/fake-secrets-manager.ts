// A stand-in for AWS Secrets Manager at its protocol edge: GetSecretValue over the JSON 1.1 protocol, which
// the real @aws-sdk/client-secrets-manager speaks when AWS_ENDPOINT_URL_SECRETS_MANAGER points here. It
// counts reads, so a test can see how often a function asks.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

export interface FakeSecretsManager {
  endpoint: string;
  /** Puts a new value (a new version, as PutSecretValue does). */
  put(arn: string, value: string): void;
  reads(arn: string): number;
  stop(): Promise<void>;
}

export async function startFakeSecretsManager(): Promise<FakeSecretsManager> {
  const values = new Map<string, string>();
  const readCount = new Map<string, number>();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(JSON.stringify(body));
    };
    if (req.headers['x-amz-target'] !== 'secretsmanager.GetSecretValue')
      return answer(400, { __type: 'UnknownOperationException', message: 'not served here' });
    const { SecretId } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { SecretId: string };
    const value = values.get(SecretId);
    if (value === undefined)
      return answer(400, {
        __type: 'ResourceNotFoundException',
        message: "Secrets Manager can't find the specified secret.",
      });
    readCount.set(SecretId, (readCount.get(SecretId) ?? 0) + 1);
    answer(200, {
      ARN: SecretId,
      Name: SecretId.split(':').pop(),
      SecretString: value,
      VersionId: randomUUID(),
      VersionStages: ['AWSCURRENT'],
      CreatedDate: Date.now() / 1000,
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    put: (arn, value) => void values.set(arn, value),
    reads: (arn) => readCount.get(arn) ?? 0,
    stop: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
