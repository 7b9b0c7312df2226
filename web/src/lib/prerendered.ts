// Public pages are prerendered to HTML at build time (web/scripts/prerender.ts). Their long copy is not in
// the JavaScript: the browser keeps the prerendered HTML (components/static-content.tsx). So such a page can
// only be shown from its own HTML document, and a client-side navigation to one becomes a page load.

/** The path whose prerendered HTML is still in the document, if any. */
let documentPath: string | null = null;
/** The path this document was loaded at, when the host answered it with the app's empty document. */
let shellPath: string | null = null;

export function markShellDocument(pathname: string): void {
  shellPath = pathname;
}

/** The host has no prerendered HTML for this path: it sent the empty document when it was loaded. */
export const isShellDocument = (pathname: string): boolean => shellPath === pathname;

export function markPrerenderedDocument(pathname: string): void {
  documentPath = pathname;
}

/** Called on every client-side navigation: the prerendered HTML of the first page is gone after it. */
export function leavePrerenderedDocument(pathname: string): void {
  if (documentPath !== null && documentPath !== pathname) documentPath = null;
}

export const isPrerenderedDocument = (pathname: string): boolean => documentPath === pathname;
