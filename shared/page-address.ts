// One address rule for the SPA's pages, applied by the router (web/src/app/app-routes.tsx), the local web
// server (infra/local/web-server.ts) and the CloudFront function (infra/constructs/spa-hosting.ts): a page
// is served at one spelling only, and any other spelling is sent there once. The router then sends
// unknown pages home. Without it, /Pricing matched the router's case-insensitive routes
// while the host had HTML only for /pricing, and the page reloaded itself forever.

/**
 * The one spelling of a page path: lower case, no empty segments, no trailing slash, and percent-escapes of
 * unreserved characters (letters, digits, - . _ ~) decoded, since they mean the same (RFC 3986, 6.2.2).
 * A path whose last segment has a dot is a file and is returned as it is (asset names are
 * case-sensitive). Returns null when the path's escapes do not decode: the host answers 400.
 *
 * Self-contained on purpose: the CloudFront function embeds this function's source text.
 */
export function canonicalPagePath(path: string): string | null {
  try {
    decodeURIComponent(path);
  } catch (_) {
    return null;
  }
  if (path.charAt(0) !== '/') return null;
  const last = path.substring(path.lastIndexOf('/') + 1);
  if (last.indexOf('.') !== -1) return path;
  const page = path
    .replace(/%([0-9a-fA-F]{2})/g, (match: string, hex: string) => {
      const c = String.fromCharCode(parseInt(hex, 16));
      return /[A-Za-z0-9\-._~]/.test(c) ? c : match;
    })
    .toLowerCase()
    .replace(/\/{2,}/g, '/');
  return page.length > 1 && page.charAt(page.length - 1) === '/' ? page.substring(0, page.length - 1) : page;
}
