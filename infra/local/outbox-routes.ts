// Local-only routes of the API host: the mail outbox as JSON (GET /_local/mail) and as a page to read, each
// email in a frame as tall as the email (same origin so the page can measure it; no scripts run in it).
// The outbox holds login links, so only this machine's own tools may read it: no CORS header (a page of
// another origin, the web app's included, cannot read the answer), preflights refused, and a Host other
// than localhost refused (a DNS-rebinding page would send its own host name).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readOutbox, type StoredEmail } from '#platform/mail/outbox-mailer.ts';
import { escapeHtml as esc } from '#shared/html.ts';

function outboxPage(emails: StoredEmail[]): string {
  const items = emails
    .map(
      (m) => `<article>
  <header><strong>${esc(m.subject)}</strong><span>to ${esc(m.to)} · ${esc(new Date(m.sent_at).toLocaleString('en-GB'))}</span></header>
  <iframe title="${esc(m.subject)}" sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" onload="this.style.height=this.contentDocument.documentElement.scrollHeight+'px'" srcdoc="${esc(m.html.replace(/<a /g, '<a target="_top" '))}"></iframe>
  <details><summary>Plain text</summary><pre>${esc(m.text)}</pre></details>
</article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local outbox (${emails.length})</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f5;color:#18181b}
main{max-width:760px;margin:0 auto;padding:24px 16px}
h1{font-size:22px} p.hint{color:#52525b}
article{background:#fff;border-radius:12px;margin:16px 0;box-shadow:0 1px 3px #0002;overflow:hidden}
header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px;padding:12px 16px;border-bottom:1px solid #e4e4e7}
header span{color:#52525b;font-size:14px}
iframe{width:100%;height:420px;border:0;display:block}
details{padding:8px 16px 16px} pre{white-space:pre-wrap;word-break:break-all}
</style></head><body><main><h1>Local outbox</h1>
<p class="hint">Emails the product sent while running locally, newest first. JSON: <a href="/_local/mail">/_local/mail</a>. Reload to see new ones.</p>
${items || '<p>No emails yet.</p>'}
</main></body></html>`;
}

const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

export function outboxRoutes(outboxDir: string) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://local');
    const path = url.pathname;
    if (!path.startsWith('/_local/')) return false;
    const refuse = (status: number, message: string) => {
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end(message);
      return true;
    };
    if (!LOCAL_HOST.test(req.headers.host ?? ''))
      return refuse(403, 'The local outbox answers on localhost only.');
    if (path !== '/_local/mail' && path !== '/_local/outbox') return refuse(404, 'Not found');
    if (req.method === 'OPTIONS') return refuse(403, 'The local outbox is not shared with other origins.');
    if (req.method !== 'GET') return refuse(405, 'Method not allowed');
    // ?to=<address>: only that recipient's emails (what a test waiting for its link asks for).
    const to = url.searchParams.get('to');
    const emails = await readOutbox(outboxDir, to === null ? {} : { to });
    if (path === '/_local/mail') {
      res.writeHead(200, {
        'content-type': 'application/json',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      });
      res.end(
        JSON.stringify(
          emails.map(({ id, from, to, subject, text, html, sent_at }) => ({
            id,
            from,
            to,
            subject,
            text,
            html,
            sent_at,
          })),
        ),
      );
    } else {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(outboxPage(emails));
    }
    return true;
  };
}
