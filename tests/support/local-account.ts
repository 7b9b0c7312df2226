// An activated account on a local stack, made the way a person makes one: sign up, open the link from the
// outbox, optionally set a password. For tests, benchmarks and screenshots alike.
import { randomInt } from 'node:crypto';
import { readOutbox } from '#platform/mail/outbox-mailer.ts';

export interface LocalStackUrls {
  apiUrl: string;
  outboxDir: string;
}

/** A made-up client address: the local API trusts X-Forwarded-For in tests, so each caller is its own client. */
export const newClientIp = (): string => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function send<T>(
  stack: LocalStackUrls,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(`${stack.apiUrl}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': newClientIp(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** The secret of the newest login link mailed to `email`, waiting up to 10 s for it. */
export async function latestLinkSecret(stack: LocalStackUrls, email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [mail] = await readOutbox(stack.outboxDir, { to: email });
    const secret = mail && /\/login_with_token\?token=([\w-]+)/.exec(mail.text)?.[1];
    if (secret) return secret;
    if (Date.now() > deadline) throw new Error(`No login link mailed to ${email} within 10 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Signs up, opens the activation link, and sets `password` when given; returns the session token. */
export async function createLocalAccount(
  stack: LocalStackUrls,
  email: string,
  { password, lang = 'en' }: { password?: string; lang?: 'en' | 'fr' } = {},
): Promise<string> {
  await send(stack, 'POST', '/signup', { email, terms_accepted: true, lang });
  const secret = await latestLinkSecret(stack, email);
  let { access_token: token } = await send<{ access_token: string }>(
    stack,
    'GET',
    `/login_with_token/${secret}`,
  );
  if (password) {
    ({ access_token: token } = await send<{ access_token: string }>(
      stack,
      'POST',
      '/account/password',
      { new_password: password },
      token,
    ));
  }
  return token;
}
