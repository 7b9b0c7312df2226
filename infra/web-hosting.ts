// How the SPA is hosted: the same security headers locally and on CloudFront.
/**
 * `mediaOrigin`: the media bucket, which the browser uploads photos to (connect-src) and shows them from
 * through short-lived signed URLs (img-src). The API's origin also serves style pictures (img-src).
 */
export const CONTENT_SECURITY_POLICY = (apiOrigin: string, mediaOrigin?: string): string =>
  [
    "default-src 'self'",
    `connect-src 'self' ${apiOrigin}${mediaOrigin ? ` ${mediaOrigin}` : ''}`,
    // https: style pictures may be any https URL; the API serves uploaded ones (/style-images/).
    `img-src 'self' data: blob: https: ${apiOrigin}${mediaOrigin ? ` ${mediaOrigin}` : ''}`,
    "media-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "script-src 'self'",
    "font-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // The phone's capture page (web/src/features/capture) uses the front camera; only the site's own pages.
  'permissions-policy': 'camera=(self), microphone=(), geolocation=()',
};
