// The hosted pages' look: the app's design tokens (web/src/styles/tokens.css), so the local stand-in
// reads as part of the same product, with a banner that says what it is.
const PAGE_CSS = `
:root{--brand-50:#f5f3ff;--brand-100:#ede9fe;--brand-600:#7c3aed;--brand-700:#6d28d9;--brand-800:#5b21b6;
--gray-50:#f8f7fc;--gray-100:#f1f0f7;--gray-200:#e5e3ef;--gray-300:#d2cfe0;--gray-500:#716d86;--gray-600:#57536b;
--gray-900:#1a1730;--red-50:#fef2f2;--red-200:#fecaca;--red-700:#b91c1c;--green-50:#f0fdf4;--green-200:#bbf7d0;
--green-700:#15803d;--amber-50:#fffbeb;--amber-200:#fde68a;--amber-700:#b45309;
--gradient:linear-gradient(135deg,#7c3aed 0%,#4f46e5 100%);--radius:14px;
--shadow:0 1px 2px rgba(26,23,48,.06),0 8px 24px rgba(26,23,48,.08)}
*{box-sizing:border-box}
body{margin:0;font-family:Inter,ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--gray-900);
background:var(--gray-50);line-height:1.5;-webkit-font-smoothing:antialiased}
.banner{background:var(--gray-900);color:#fff;font-size:.8125rem;text-align:center;padding:.5rem 1rem}
.banner strong{color:#c4b5fd}
.top{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between;max-width:1040px;margin:0 auto;padding:1.25rem 1.5rem}
.brand{display:flex;align-items:center;gap:.6rem;font-weight:800;font-size:1.2rem;color:var(--gray-900);text-decoration:none}
.brand__mark{width:2rem;height:2rem;border-radius:10px;background:var(--gradient);display:grid;place-items:center;color:#fff;font-size:1rem}
.tag{font-size:.75rem;font-weight:600;color:var(--brand-700);background:var(--brand-100);border-radius:999px;padding:.2rem .6rem}
.back{color:var(--gray-600);text-decoration:none;font-weight:500;font-size:.9375rem;white-space:nowrap}
.table-scroll{overflow-x:auto;margin:0 -.5rem;padding:0 .5rem}
.back:hover{color:var(--brand-700)}
main{max-width:1040px;margin:0 auto;padding:0 1.5rem 3rem}
.grid{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:2rem;align-items:start}
.card{background:#fff;border:1px solid var(--gray-200);border-radius:var(--radius);box-shadow:var(--shadow);padding:1.75rem}
.summary{background:var(--gradient);color:#fff;border:none}
.summary .muted{color:rgba(255,255,255,.8)}
.eyebrow{text-transform:uppercase;letter-spacing:.06em;font-size:.75rem;font-weight:700;margin:0 0 .5rem}
.amount{font-size:2.75rem;font-weight:800;letter-spacing:-.02em;margin:.25rem 0}
.amount small{font-size:1rem;font-weight:500;opacity:.85}
h1{font-size:1.5rem;margin:0 0 .25rem}
h2{font-size:1.125rem;margin:0 0 1rem}
.muted{color:var(--gray-600)}
.lines{list-style:none;padding:0;margin:1.5rem 0 0;border-top:1px solid rgba(255,255,255,.25)}
.lines li{display:flex;justify-content:space-between;padding:.75rem 0;border-bottom:1px solid rgba(255,255,255,.25)}
label.option{display:flex;gap:.75rem;align-items:flex-start;border:1px solid var(--gray-200);border-radius:12px;padding:.85rem 1rem;margin-bottom:.6rem;cursor:pointer}
label.option:has(input:checked){border-color:var(--brand-600);background:var(--brand-50);box-shadow:0 0 0 3px rgba(124,58,237,.12)}
label.option input{margin-top:.3rem;accent-color:var(--brand-600)}
.option b{display:block;font-weight:600}
.option code{font-size:.875rem;color:var(--gray-600)}
.field{display:block;margin-bottom:1rem}
.field span{display:block;font-size:.875rem;font-weight:600;margin-bottom:.35rem}
.field input{width:100%;padding:.65rem .8rem;border:1px solid var(--gray-300);border-radius:10px;font:inherit;background:var(--gray-50);color:var(--gray-600)}
.btn{display:inline-flex;align-items:center;justify-content:center;gap:.5rem;border:none;border-radius:12px;font:inherit;font-weight:600;
padding:.8rem 1.25rem;cursor:pointer;text-decoration:none;background:var(--gradient);color:#fff;box-shadow:0 6px 16px rgba(109,40,217,.25)}
.btn:hover{filter:brightness(1.06)}
.btn--block{width:100%;font-size:1.0625rem;padding:.95rem 1.25rem}
.btn--secondary{background:#fff;color:var(--gray-900);border:1px solid var(--gray-300);box-shadow:none}
.btn--secondary:hover{border-color:var(--brand-600);color:var(--brand-700)}
.btn--danger{background:#fff;color:var(--red-700);border:1px solid var(--red-200);box-shadow:none}
.btn--small{padding:.45rem .8rem;font-size:.875rem;border-radius:10px}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.25rem}
.alert{border-radius:12px;padding:.8rem 1rem;margin-bottom:1rem;font-weight:500}
.alert--error{background:var(--red-50);border:1px solid var(--red-200);color:var(--red-700)}
.alert--info{background:var(--brand-50);border:1px solid var(--brand-100);color:var(--brand-800)}
.pill{display:inline-block;border-radius:999px;padding:.2rem .65rem;font-size:.8125rem;font-weight:600}
.pill--active{background:var(--green-50);color:var(--green-700);border:1px solid var(--green-200)}
.pill--ending{background:var(--amber-50);color:var(--amber-700);border:1px solid var(--amber-200)}
.pill--ended{background:var(--gray-100);color:var(--gray-600);border:1px solid var(--gray-200)}
.pill--failed{background:var(--red-50);color:var(--red-700);border:1px solid var(--red-200)}
table{width:100%;border-collapse:collapse;font-size:.9375rem}
th{text-align:left;font-size:.75rem;text-transform:uppercase;letter-spacing:.05em;color:var(--gray-500);padding:.5rem .5rem;border-bottom:1px solid var(--gray-200)}
td{padding:.7rem .5rem;border-bottom:1px solid var(--gray-100)}
td.num,th.num{text-align:right}
.stack{display:grid;gap:1.5rem;grid-template-columns:minmax(0,1fr)}
.clock{display:flex;align-items:center;justify-content:space-between;gap:1rem;flex-wrap:wrap}
.note{font-size:.8125rem;color:var(--gray-500);margin-top:1rem}
form.inline{display:inline}
h3{font-size:1rem;margin:1.25rem 0 .75rem}
td a{color:var(--brand-700);font-weight:600}
td:first-child{white-space:nowrap}
.state-action{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem}
.methods{list-style:none;margin:0;padding:0}
.method{display:flex;align-items:center;justify-content:space-between;gap:1rem;border:1px solid var(--gray-200);border-radius:12px;padding:.75rem 1rem}
.method b{display:block;font-weight:600}
.details{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.5rem 1.5rem;margin:0}
.details div{display:contents}
.details dt{color:var(--gray-600);font-size:.875rem}
.details dd{margin:0;overflow-wrap:anywhere}
.card--test{background:var(--gray-100);box-shadow:none;border-style:dashed}
.doc{max-width:560px;margin:0 auto}
.doc .amount{font-size:2.25rem}
.doc dl{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:.75rem 1.5rem;margin:1.25rem 0}
.doc dt{color:var(--gray-600);font-size:.75rem;text-transform:uppercase;letter-spacing:.05em}
.doc dd{margin:.15rem 0 0;font-weight:600}
@media (max-width:760px){table.rows thead{display:none}table.rows,table.rows tbody,table.rows tr{display:block}
table.rows tr{padding:.5rem 0;border-bottom:1px solid var(--gray-200)}table.rows tr:last-child{border-bottom:0}
table.rows td{display:flex;justify-content:space-between;align-items:center;gap:1rem;border:0;padding:.3rem 0;text-align:right}
table.rows td::before{content:attr(data-label);color:var(--gray-500);font-size:.8125rem;text-align:left}
.grid{grid-template-columns:minmax(0,1fr)}.amount{font-size:2.25rem}.top{padding:1rem}main{padding:0 1rem 2rem}
.card{padding:1.25rem}.tag{display:none}table{font-size:.875rem}td,th{padding:.6rem .35rem}}
`;

export const esc = (s: unknown): string =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

export function pageShell(o: {
  title: string;
  lang: string;
  banner: string;
  body: string;
  back?: { href: string; label: string };
}): string {
  return `<!doctype html><html lang="${esc(o.lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${esc(o.title)}</title><style>${PAGE_CSS}</style></head><body>
<div class="banner" role="note">${o.banner}</div>
<header class="top"><span class="brand"><span class="brand__mark" aria-hidden="true">✦</span>Aivatar <span class="tag">Stripe · local</span></span>
${o.back ? `<a class="back" href="${esc(o.back.href)}">← ${esc(o.back.label)}</a>` : ''}</header>
<main>${o.body}</main></body></html>`;
}
