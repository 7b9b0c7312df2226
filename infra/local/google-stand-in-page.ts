// The pages of the local Google stand-in: plainly labelled as a stand-in, so nobody mistakes it for Google.
import { escapeHtml } from '#shared/html.ts';

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px 16px;background:#eef1f6;
    font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937}
  main{width:100%;max-width:440px;background:#fff;border-radius:16px;box-shadow:0 10px 30px rgba(15,23,42,.12);
    overflow:hidden}
  .banner{background:#fef3c7;color:#78350f;border-bottom:1px solid #fcd34d;padding:12px 24px;font-size:14px}
  .banner strong{display:block;font-size:15px}
  .body{padding:24px}
  h1{font-size:22px;margin:0 0 4px}
  .lead{margin:0 0 20px;color:#4b5563;font-size:15px}
  label{display:block;font-weight:600;font-size:14px;margin:16px 0 6px}
  .hint{display:block;font-weight:400;color:#6b7280;font-size:13px;margin-top:2px}
  input[type=email],input[type=text]{width:100%;padding:10px 12px;border:1px solid #cbd5e1;border-radius:8px;
    font:inherit}
  input:focus{outline:2px solid #2563eb;outline-offset:1px;border-color:#2563eb}
  fieldset{border:0;padding:0;margin:16px 0 0}
  legend{font-weight:600;font-size:14px;padding:0;margin-bottom:8px}
  label.choice{display:inline-flex;align-items:center;gap:6px;margin:0 24px 0 0;font-weight:400;font-size:15px}
  .actions{display:flex;gap:12px;margin-top:24px;flex-wrap:wrap}
  button{flex:1;min-width:140px;padding:11px 16px;border-radius:8px;font:inherit;font-weight:600;cursor:pointer;
    border:1px solid transparent}
  .primary{background:#1a73e8;color:#fff}
  .primary:hover{background:#1666d0}
  .secondary{background:#fff;color:#374151;border-color:#cbd5e1}
  .problem{background:#fee2e2;color:#991b1b;border-radius:8px;padding:10px 12px;margin:0 0 12px;font-size:14px}
  pre{white-space:pre-wrap;word-break:break-word;background:#f3f4f6;padding:12px;border-radius:8px;font-size:13px}
`;

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>
<div class="banner" role="note"><strong>Local stand-in for Google</strong>
This page replaces Google's sign-in on this machine. Nothing is sent to Google.</div>
<div class="body">${body}</div>
</main></body></html>`;

export function signInPage(o: { uid: string; clientId: string; problem?: string }): string {
  const uid = escapeHtml(o.uid);
  return page(
    'Sign in (local stand-in for Google)',
    `<h1>Sign in with Google</h1>
<p class="lead">Say who signs in. The app receives exactly this, in a signed ID token${
      o.clientId ? ` for <code>${escapeHtml(o.clientId)}</code>` : ''
    }.</p>
${o.problem ? `<p class="problem" role="alert">${escapeHtml(o.problem)}</p>` : ''}
<form method="post" action="/interaction/${uid}/login" autocomplete="off">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" required placeholder="someone@example.com" autofocus>
  <fieldset>
    <legend>Has Google verified this email?</legend>
    <label class="choice"><input type="radio" name="email_verified" value="yes" checked> Yes</label>
    <label class="choice"><input type="radio" name="email_verified" value="no"> No</label>
  </fieldset>
  <label for="subject">Google account ID (subject) <span class="hint">Optional. Left empty, each email is its own Google account.</span></label>
  <input id="subject" name="subject" type="text" placeholder="e.g. 1234567890">
  <div class="actions">
    <button type="submit" class="primary">Sign in</button>
    <button type="submit" class="secondary" formaction="/interaction/${uid}/cancel" formnovalidate>Cancel</button>
  </div>
</form>`,
  );
}

export function standInErrorPage(out: Record<string, string>): string {
  const lines = Object.entries(out)
    .map(([k, v]) => `${escapeHtml(k)}: ${escapeHtml(String(v))}`)
    .join('\n');
  return page(
    'Sign-in error (local stand-in for Google)',
    `<h1>Something went wrong</h1><p class="lead">The stand-in could not go on with this sign-in.</p><pre>${lines}</pre>`,
  );
}
