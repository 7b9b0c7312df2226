// The settings the hosting layer hands the SPA at start (GET /config.json): read once, validated.
interface RuntimeConfig {
  /** The API's origin, without a trailing slash. */
  apiUrl: string;
}

let current: RuntimeConfig | null = null;

function parseApiUrl(body: unknown): string {
  const apiUrl = (body as { apiUrl?: unknown } | null)?.apiUrl;
  if (typeof apiUrl !== 'string' || !URL.canParse(apiUrl)) throw new Error('config.json has no valid apiUrl');
  return apiUrl.replace(/\/+$/, '');
}

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  // Same request as the <link rel="preload"> in index.html, so the browser reuses that response.
  const res = await fetch('/config.json', { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`GET /config.json answered ${res.status}`);
  current = { apiUrl: parseApiUrl(await res.json()) };
  return current;
}

export function runtimeConfig(): RuntimeConfig {
  if (!current) {
    throw new Error('The runtime config is read before the app renders: call loadRuntimeConfig first');
  }
  return current;
}
