// The harness's calls to the local API, as a client on the Internet makes them: JSON over HTTP, with a
// timeout. A call that gets no answer (the API's process was just killed, or the whole stack is
// restarting) is `unreachable`, which the caller may try again; an answer of any status is returned.
export type Answer<T> = { kind: 'answer'; status: number; body: T } | { kind: 'unreachable'; error: string };

export async function callApi<T = Record<string, unknown>>(
  apiUrl: string,
  method: string,
  path: string,
  o: { token?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Answer<T>> {
  try {
    const res = await fetch(`${apiUrl}${path}`, {
      method,
      headers: {
        ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        ...o.headers,
      },
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
      signal: AbortSignal.timeout(o.timeoutMs ?? 30_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { kind: 'answer', status: res.status, body: body as T };
  } catch (e) {
    return { kind: 'unreachable', error: (e as Error).cause ? String((e as Error).cause) : String(e) };
  }
}

/** The call, answered 2xx; anything else throws (set-up steps, before any crash). */
export async function mustCall<T = Record<string, unknown>>(
  apiUrl: string,
  method: string,
  path: string,
  o: Parameters<typeof callApi>[3] = {},
): Promise<T> {
  const a = await callApi<T>(apiUrl, method, path, o);
  if (a.kind !== 'answer') throw new Error(`${method} ${path}: no answer (${a.error})`);
  if (a.status < 200 || a.status > 299)
    throw new Error(`${method} ${path} answered ${a.status}: ${JSON.stringify(a.body)}`);
  return a.body;
}
