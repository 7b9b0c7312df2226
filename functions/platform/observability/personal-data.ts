// What never reaches a log line, whatever object carried it there: passwords, tokens, secrets and emails
// (by their key, and inside any string: a message, an error's text, a URL), and a face's descriptor
// (biometric data). The Logger calls this for every key and value it writes (its jsonReplacerFn).

const BIOMETRIC_KEYS = new Set(['descriptor']);

/** Keys (lower case, without - and _) whose value is a secret or identifies a person. */
const PERSONAL_KEYS = new Set([
  'password',
  'currentpassword',
  'newpassword',
  'token',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'sessiontoken',
  'authorization',
  'cookie',
  'setcookie',
  'secret',
  'clientsecret',
  'apikey',
  'jwt',
  'stripesignature',
  'xoriginverify',
  // the phone's capture link (shared/capture-rules.ts CAPTURE_HEADERS): a code and a device secret
  'xcapturecode',
  'xcapturedevice',
  'device',
  'email',
]);

const IN_TEXT: [RegExp, string][] = [
  [/[\w.%+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/gi, '[email removed]'],
  // a JWT (the session), whole or cut short
  [/\beyJ[\w-]*(?:\.[\w-]*){0,2}/g, '[token removed]'],
  [/\bBearer\s+\S+/gi, 'Bearer [token removed]'],
  // one-time links (login, activation, deletion) and signed URLs carry their secret in the query
  [/([?&](?:token|code|key|signature|x-amz-signature|x-amz-credential)=)[^&\s"'#]+/gi, '$1[removed]'],
  [/\b(?:(?:sk|rk)_(?:live|test)|whsec)_\w+/g, '[secret removed]'],
];

const normalised = (key: string) => key.toLowerCase().replace(/[-_]/g, '');

function scrub(text: string): string {
  let out = text;
  for (const [pattern, replacement] of IN_TEXT) out = out.replace(pattern, replacement);
  return out;
}

export function withoutPersonalData(key: string, value: unknown): unknown {
  if (BIOMETRIC_KEYS.has(key)) return '[biometric data removed]';
  if (value !== undefined && value !== null && PERSONAL_KEYS.has(normalised(key))) return '[redacted]';
  return typeof value === 'string' ? scrub(value) : value;
}
