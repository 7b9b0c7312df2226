// The local outbox holds login links: only this machine's own tools may read it, never a web page of
// another origin (a page open in the developer's browser while `npm start` runs).
import { createServer, request } from 'node:http';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { callRoute, newEmail, stack } from '../support/api.ts';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from '../support/chromium.ts';

/** A request with a Host header of our choosing (fetch will not send one). */
const withHost = (url: string, host: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.once('error', reject);
    req.end();
  });

describe('the local outbox (/_local/mail)', () => {
  it('with ?to=, answers only the emails to that address', async () => {
    const [ana, bob] = [newEmail('outbox-ana'), newEmail('outbox-bob')];
    for (const email of [ana, bob])
      expect((await callRoute('signup', { body: { email, terms_accepted: true } })).status).toBe(200);
    const read = async (to: string) =>
      (await (await fetch(`${stack().apiUrl}/_local/mail?to=${encodeURIComponent(to)}`)).json()) as {
        to: string;
      }[];
    expect((await read(ana)).map((m) => m.to)).toEqual([ana]);
    expect((await read(bob)).map((m) => m.to)).toEqual([bob]);
    const all = (await (await fetch(`${stack().apiUrl}/_local/mail`)).json()) as { to: string }[];
    expect(all.filter((m) => m.to === ana || m.to === bob)).toHaveLength(2);
  });

  it('sends no CORS header and refuses preflights, whatever the origin', async () => {
    const mail = `${stack().apiUrl}/_local/mail`;
    for (const origin of ['https://evil.example', stack().webUrl]) {
      const res = await fetch(mail, { headers: { origin } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
      const preflight = await fetch(mail, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
      expect(preflight.status, origin).toBe(403);
      expect(preflight.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
  });

  it('answers only requests addressed to localhost (a DNS-rebinding page sends its own host name)', async () => {
    const mail = `${stack().apiUrl}/_local/mail`;
    const port = new URL(mail).port;
    expect(await withHost(mail, `localhost:${port}`)).toBe(200);
    expect(await withHost(mail, `127.0.0.1:${port}`)).toBe(200);
    expect(await withHost(mail, `attacker.example:${port}`)).toBe(403);
    expect(await withHost(`${stack().apiUrl}/_local/outbox`, 'attacker.example')).toBe(403);
  });

  it('cannot be read by a page of another origin in Chromium', async () => {
    const page = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>another site</title>');
    });
    const port = await new Promise<number>((r) =>
      page.listen(0, '127.0.0.1', () => r((page.address() as { port: number }).port)),
    );
    const browser = await chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const tab = await browser.newPage();
      await tab.goto(`http://127.0.0.1:${port}/`);
      const outcome = await tab.evaluate(async (url) => {
        try {
          const res = await fetch(url);
          return `read ${(await res.text()).length} characters`;
        } catch (e) {
          return `refused: ${(e as Error).name}`;
        }
      }, `${stack().apiUrl}/_local/mail`);
      expect(outcome).toBe('refused: TypeError');
      // The same page reads a resource that does allow it: the refusal is CORS, not a dead address.
      const control = await tab.evaluate(
        async (url) => (await fetch(url, { method: 'OPTIONS' }).catch(() => null)) !== null,
        `http://127.0.0.1:${port}/`,
      );
      expect(control).toBe(true);
    } finally {
      await browser.close();
      page.close();
    }
  });
});
