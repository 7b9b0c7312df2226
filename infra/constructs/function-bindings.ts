// Each helper gives a function one resource: the setting that names it and the exact access it needs, in
// one call, so a function never holds a name it cannot use nor a grant it has no setting for.
import { Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { MailSender } from './mail-sender.ts';

/**
 * The item and query actions a group may be granted (never table management, and never Scan: every read
 * is by key). A TransactWriteItems call is authorised item by item: PutItem, UpdateItem, DeleteItem or
 * ConditionCheckItem for each kind of item it holds; TransactGetItems needs GetItem.
 */
export type DynamoAction =
  | 'dynamodb:GetItem'
  | 'dynamodb:BatchGetItem'
  | 'dynamodb:Query'
  | 'dynamodb:PutItem'
  | 'dynamodb:UpdateItem'
  | 'dynamodb:DeleteItem'
  | 'dynamodb:ConditionCheckItem'
  | 'dynamodb:BatchWriteItem';

export interface TableAccess {
  actions: readonly DynamoAction[];
  /** Global secondary indexes the group queries; none, and the grant covers the table alone. */
  indexes?: readonly string[];
}

export const SESSION_KEY_ACTIONS = ['secretsmanager:GetSecretValue'] as const;
export const STRIPE_SECRET_ACTIONS = ['secretsmanager:GetSecretValue'] as const;
export const SEND_MAIL_ACTIONS = ['ses:SendEmail'] as const;
export const ORIGIN_SECRET_ACTIONS = ['secretsmanager:GetSecretValue'] as const;
/**
 * What Lambda's active tracing adds to a traced function's role (ApiFunctionProps.traced): sending its
 * segments to X-Ray. X-Ray has no resource to scope them to, so CDK grants them on `*`.
 */
export const TRACING_ACTIONS = ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'] as const;

/** What an index is read with: a Query, nothing else. */
const INDEX_ACTIONS = ['dynamodb:Query'] as const;

/**
 * TABLE_NAME, and exactly `access.actions` on the table; on the indexes it names, Query alone (so a
 * BatchWriteItem or any other write is granted on the table only).
 */
export function bindTable(fn: LambdaFunction, table: ITable, access: TableAccess): void {
  if (access.actions.length === 0) throw new Error('bindTable needs at least one action');
  fn.addEnvironment('TABLE_NAME', table.tableName);
  fn.addToRolePolicy(
    new PolicyStatement({ effect: Effect.ALLOW, actions: [...access.actions], resources: [table.tableArn] }),
  );
  if (access.indexes?.length) {
    if (!access.actions.includes('dynamodb:Query')) throw new Error('an index is read with a Query');
    fn.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.ALLOW,
        actions: [...INDEX_ACTIONS],
        resources: access.indexes.map((index) => `${table.tableArn}/index/${index}`),
      }),
    );
  }
}

/**
 * ORIGIN_VERIFY_SECRET_ARN, and GetSecretValue on that one secret: the function then refuses requests that
 * did not come through the API's CloudFront distribution (infra/constructs/api-edge.ts).
 */
export function bindOriginSecret(fn: LambdaFunction, secret: ISecret): void {
  fn.addEnvironment('ORIGIN_VERIFY_SECRET_ARN', secret.secretArn);
  fn.addToRolePolicy(
    new PolicyStatement({
      effect: Effect.ALLOW,
      actions: [...ORIGIN_SECRET_ACTIONS],
      resources: [secret.secretArn],
    }),
  );
}

/** JWT_SECRET_ARN, and GetSecretValue on that one secret. */
export function bindSessionSigningKey(fn: LambdaFunction, secret: ISecret): void {
  fn.addEnvironment('JWT_SECRET_ARN', secret.secretArn);
  fn.addToRolePolicy(
    new PolicyStatement({
      effect: Effect.ALLOW,
      actions: [...SESSION_KEY_ACTIONS],
      resources: [secret.secretArn],
    }),
  );
}

/**
 * MAIL_FROM and MAIL_TRANSPORT=ses, and ses:SendEmail only with the configured sender address.
 * The resources are every identity of the account and region, because while the account is in the SES
 * sandbox SES also authorises the call against the (verified) recipient's identity, and the sender's
 * configuration set, which SES authorises too since it is the identity's default. The `ses:FromAddress`
 * condition is what keeps the function to the product's sender.
 */
export function bindMailSender(fn: LambdaFunction, sender: MailSender): void {
  fn.addEnvironment('MAIL_FROM', sender.mailFrom);
  fn.addEnvironment('MAIL_TRANSPORT', 'ses');
  fn.addToRolePolicy(
    new PolicyStatement({
      effect: Effect.ALLOW,
      actions: [...SEND_MAIL_ACTIONS],
      resources: [
        Stack.of(fn).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' }),
        sender.configurationSetArn,
      ],
      conditions: { StringEquals: { 'ses:FromAddress': sender.fromAddress } },
    }),
  );
}

export const GOOGLE_CLIENT_SECRET_ACTIONS = ['secretsmanager:GetSecretValue'] as const;

export interface GoogleSignInBinding {
  /** the OpenID provider's issuer (Google: https://accounts.google.com) */
  issuer: string;
  clientId: string;
  clientSecret: ISecret;
  /** the API's public base URL: the callback registered with the provider is built from it */
  apiUrl: string;
}

/**
 * "Sign in with Google": the provider, the client, the API's URL, and reading the client secret. The
 * API is on its execute-api host, another site than the web app, so the sign-in cookie is SameSite=None
 * (Secure, `__Host-`): a Lax cookie set on the web app's cross-site call would be dropped by the browser.
 */
export function bindGoogleSignIn(fn: LambdaFunction, google: GoogleSignInBinding): void {
  fn.addEnvironment('GOOGLE_OIDC_ISSUER', google.issuer);
  fn.addEnvironment('GOOGLE_CLIENT_ID', google.clientId);
  fn.addEnvironment('GOOGLE_CLIENT_SECRET_ARN', google.clientSecret.secretArn);
  fn.addEnvironment('API_URL', google.apiUrl);
  fn.addEnvironment('GOOGLE_COOKIE_SAMESITE', 'none');
  fn.addToRolePolicy(
    new PolicyStatement({
      effect: Effect.ALLOW,
      actions: [...GOOGLE_CLIENT_SECRET_ACTIONS],
      resources: [google.clientSecret.secretArn],
    }),
  );
}

/**
 * The cookie that marks the browser which asked for a login link (functions/platform/config.ts linkCookieConfig):
 * the API's public URL (https: a `__Host-` Secure cookie) and SameSite=None, as the API is another site
 * than the web app (see bindGoogleSignIn).
 */
export function bindLinkCookie(fn: LambdaFunction, apiUrl: string): void {
  fn.addEnvironment('API_URL', apiUrl);
  fn.addEnvironment('LINK_COOKIE_SAMESITE', 'none');
}

/**
 * STRIPE_SECRET_KEY_ARN and STRIPE_PRICES (each catalogue plan's Stripe price on this stage), and
 * GetSecretValue on that one secret.
 */
export function bindStripeApi(
  fn: LambdaFunction,
  apiKey: ISecret,
  priceIds: Readonly<Record<string, string>>,
): void {
  fn.addEnvironment('STRIPE_SECRET_KEY_ARN', apiKey.secretArn);
  fn.addEnvironment('STRIPE_PRICES', JSON.stringify(priceIds));
  fn.addToRolePolicy(
    new PolicyStatement({
      effect: Effect.ALLOW,
      actions: [...STRIPE_SECRET_ACTIONS],
      resources: [apiKey.secretArn],
    }),
  );
}

/** STRIPE_WEBHOOK_SECRET_ARN, and GetSecretValue on that one secret. */
export function bindStripeWebhookSecret(fn: LambdaFunction, secret: ISecret): void {
  fn.addEnvironment('STRIPE_WEBHOOK_SECRET_ARN', secret.secretArn);
  fn.addToRolePolicy(
    new PolicyStatement({
      effect: Effect.ALLOW,
      actions: [...STRIPE_SECRET_ACTIONS],
      resources: [secret.secretArn],
    }),
  );
}

/** The object actions the photos function calls, and only on its own prefixes (no listing, no ACLs). */
export const MEDIA_OBJECT_ACTIONS = ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'] as const;
export const MEDIA_LIST_ACTIONS = ['s3:ListBucket'] as const;

/** Listing the media bucket's keys (finding every file of a user: account deletion and export). */
export function bindMediaListing(fn: LambdaFunction, bucket: IBucket): void {
  fn.addToRolePolicy(
    new PolicyStatement({
      effect: Effect.ALLOW,
      actions: [...MEDIA_LIST_ACTIONS],
      resources: [bucket.bucketArn],
    }),
  );
}

/**
 * MEDIA_BUCKET, and get/put/delete on objects under `prefixes` only. Presigned POSTs and GET URLs the
 * function signs act with these rights, so a browser can only upload under uploads/ and read what the
 * function chose to sign.
 */
export function bindMediaBucket(fn: LambdaFunction, bucket: IBucket, prefixes: readonly string[]): void {
  fn.addEnvironment('MEDIA_BUCKET', bucket.bucketName);
  fn.addToRolePolicy(
    new PolicyStatement({
      effect: Effect.ALLOW,
      actions: [...MEDIA_OBJECT_ACTIONS],
      resources: prefixes.map((prefix) => bucket.arnForObjects(`${prefix}*`)),
    }),
  );
}
