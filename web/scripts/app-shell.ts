// The app's document (shared/web-routes.ts APP_SHELL_DOCUMENT): the SPA's empty document with
// the app's frame drawn in plain HTML and CSS (the bar with the logo, a title, cards), so the first paint
// of an /app page is its shape, not a blank page, while the JavaScript arrives. The frame sits after
// #root and hides itself, by CSS alone, once the app has rendered into #root; no script, so the landing
// page's JavaScript is unchanged. Its colours and sizes are the shell stylesheet's tokens, which the
// document links before the body.

const STYLE = `<style>
      #root:empty { min-height: 0; }
      #root:not(:empty) ~ .boot-frame { display: none; }
      .boot-frame { min-height: 100vh; background: var(--color-bg); }
      .boot-frame__bar { position: sticky; top: 0; background: #fff; border-bottom: 1px solid var(--color-border); }
      .boot-frame__inner { display: flex; align-items: center; gap: var(--space-8); max-width: var(--navbar-container); min-height: var(--navbar-height); margin: 0 auto; padding: 0 var(--space-5); }
      .boot-frame__mark { flex: none; width: 2.125rem; height: 2.125rem; }
      .boot-frame__word { margin-left: calc(-1 * var(--space-6)); color: var(--gray-900); font-family: var(--font-sans); font-size: var(--text-xl); font-weight: 800; letter-spacing: -0.02em; }
      @media (min-width: 900px) { .boot-frame__word { display: none; } }
      .boot-frame__links { display: flex; gap: var(--space-6); }
      .boot-frame i { display: block; border-radius: var(--radius-full); background: var(--gray-100); }
      .boot-frame__links i { width: 6rem; height: 0.75rem; }
      .boot-frame__end { display: flex; gap: var(--space-3); margin-left: auto; }
      .boot-frame__end i { width: 7rem; height: 2.25rem; }
      .boot-frame__page { max-width: var(--container); margin: 0 auto; padding: var(--space-8) var(--space-5); }
      .boot-frame .boot-frame__title { width: min(18rem, 70%); height: 2.25rem; margin-bottom: var(--space-3); border-radius: var(--radius-md); background: var(--gray-200); }
      .boot-frame .boot-frame__line { width: min(30rem, 90%); height: 1rem; margin-bottom: var(--space-8); background: var(--gray-200); }
      .boot-frame__cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(13rem, 1fr)); gap: var(--space-5); }
      .boot-frame__cards i { aspect-ratio: 1 / 1.2; border: 1px solid var(--color-border); border-radius: var(--radius-lg); background: var(--color-surface); }
      @media (max-width: 899px) {
        .boot-frame__links { display: none; }
        .boot-frame__end i { width: 2.75rem; height: 2.75rem; border-radius: var(--radius-md); }
        .boot-frame__end i + i { display: none; }
        .boot-frame__cards { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: var(--space-3); }
      }
    </style>`;

const MARK = `<svg class="boot-frame__mark" viewBox="0 0 64 64" aria-hidden="true"><defs><linearGradient id="boot-frame-mark" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8b5cf6"/><stop offset="1" stop-color="#4f46e5"/></linearGradient></defs><rect width="64" height="64" rx="18" fill="url(#boot-frame-mark)"/><circle cx="32" cy="25" r="10" fill="#fff"/><path d="M14 52c2.5-10 9.5-15 18-15s15.5 5 18 15" fill="#fff"/><path d="M49 8l1.8 4.2L55 14l-4.2 1.8L49 20l-1.8-4.2L43 14l4.2-1.8z" fill="#fde68a"/></svg>`;

const FRAME = `<div class="boot-frame" aria-hidden="true" data-testid="boot-frame">
      <div class="boot-frame__bar"><div class="boot-frame__inner">${MARK}<span class="boot-frame__word">Aivatar</span><span class="boot-frame__links"><i></i><i></i><i></i><i></i></span><span class="boot-frame__end"><i></i><i></i></span></div></div>
      <div class="boot-frame__page"><i class="boot-frame__title"></i><i class="boot-frame__line"></i><span class="boot-frame__cards"><i></i><i></i><i></i><i></i></span></div>
    </div>`;

/** The app's document from the SPA's empty one (English or French). */
export function appShell(shell: string): string {
  const root = '<div id="root"></div>';
  if (!shell.includes(root) || !shell.includes('</head>'))
    throw new Error('web/index.html no longer has <div id="root"></div> and </head>: update appShell');
  return shell.replace('</head>', `  ${STYLE}\n  </head>`).replace(root, `${root}\n    ${FRAME}`);
}
