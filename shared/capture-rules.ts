// Capture links: selfies taken with the phone, started on the desktop (docs/product.md, "Selfies from the
// phone"). The rules the functions enforce and the words the phone page and the desktop panel read, written
// once and free of zod so the SPA imports them too.

export const CAPTURE_LIMITS = {
  /** how long a link works after it is made */
  linkSeconds: 15 * 60,
  /** photos one link may add; after that it has ended */
  maxPhotosPerLink: 10,
  /** characters of a code (Crockford base32: 5 bits each, 60 bits in all) */
  codeLength: 12,
  /** links one account may make in an hour */
  linksPerHour: 30,
  /** opens of a link per source address in a window (the open route is the one a guesser would use) */
  opensPerWindow: 30,
  openWindowSeconds: 15 * 60,
} as const;

/** Crockford's base32: no I, L, O or U, so a code typed from the screen is read one way only. */
export const CAPTURE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The headers the phone sends instead of a session (upload targets and confirm only). */
export const CAPTURE_HEADERS = { code: 'X-Capture-Code', device: 'X-Capture-Device' } as const;

/**
 * A link as the desktop panel sees it: made and not yet opened (waiting), opened by the phone (open), ended
 * (closed on the desktop, 10 photos added, the account's photo limit reached, or replaced by a newer link),
 * or past its 15 minutes (expired).
 */
export const CAPTURE_LINK_STATUSES = ['waiting', 'open', 'ended', 'expired'] as const;
export type CaptureLinkStatus = (typeof CAPTURE_LINK_STATUSES)[number];

/** The error codes a capture code can meet, each with its status and English message (the API's `msg`). */
export const CAPTURE_ERRORS = {
  CAPTURE_LINK_NOT_FOUND: {
    status: 404,
    msg: 'This capture link does not exist. Check the link, or make a new one on your computer.',
  },
  CAPTURE_LINK_EXPIRED: {
    status: 410,
    msg: 'This capture link has expired. Make a new one on your computer.',
  },
  CAPTURE_LINK_ENDED: {
    status: 410,
    msg: 'This capture link has ended. Make a new one on your computer.',
  },
  CAPTURE_LINK_IN_USE: {
    status: 403,
    msg: 'This capture link is already open on another device. Make a new one on your computer to use this one.',
  },
} as const;
export type CaptureErrorCode = keyof typeof CAPTURE_ERRORS;
export const CAPTURE_ERROR_CODES = Object.keys(CAPTURE_ERRORS) as CaptureErrorCode[];
