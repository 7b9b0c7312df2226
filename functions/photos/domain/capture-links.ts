// Capture links: selfies taken with the phone, started on the desktop (docs/product.md, "Selfies from the
// phone"). The desktop makes a link (session, both photo consents); the phone opens it with the code alone and
// is bound to it as the first device; from then on the code and the device's secret stand in for a session on
// the two upload routes only, for the link's account. A link lasts CAPTURE_LIMITS.linkSeconds and ends sooner
// when the desktop closes it, a newer link replaces it, it has added maxPhotosPerLink photos, or the account's
// photo limit is reached. The places on a link are counted by the database (CaptureLinkStore.reserve).

import { DomainError, isDomainError, RateLimitedError } from '#platform/domain/errors.ts';
import type { CaptureGrant, User } from '#platform/domain/ports.ts';
import type { CaptureLink, CaptureLinkOpened, CaptureLinkState, UploadResult } from '#shared/api-schemas.ts';
import {
  CAPTURE_CODE_ALPHABET,
  CAPTURE_ERRORS,
  CAPTURE_LIMITS,
  type CaptureErrorCode,
  type CaptureLinkStatus,
} from '#shared/capture-rules.ts';
import type { Language } from '#shared/language.ts';
import { PHOTO_LIMITS } from '#shared/photo-rules.ts';
import { requirePhotoConsent } from './consent.ts';
import { confirmUploads } from './intake.ts';
import { displayName, isUploadId } from './photo-names.ts';
import { uploadTargets } from './photos.ts';
import type { CaptureLinkRecord, PhotoDeps, PhotoIntakeDeps } from './ports.ts';

const captureError = (code: CaptureErrorCode) => new DomainError(code, CAPTURE_ERRORS[code].msg);

/** How long the table keeps an ended or expired link: opening it says so (410) rather than "not found". */
const KEEP_AFTER_EXPIRY_SECONDS = 24 * 3600;

/**
 * A code as typed or scanned, in its one spelling: upper case, without spaces or dashes, and Crockford's
 * look-alikes read as the digits they stand for (I and L as 1, O as 0). Null when it cannot be a code.
 */
export function normaliseCode(raw: string): string | null {
  const code = raw.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (code.length !== CAPTURE_LIMITS.codeLength) return null;
  return [...code].every((c) => CAPTURE_CODE_ALPHABET.includes(c)) ? code : null;
}

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/** The phone's capture page, in the language the link was made in. */
export const captureUrl = (webOrigin: string, language: Language, code: string): string =>
  `${webOrigin}${language === 'fr' ? '/fr' : ''}/capture/${code}`;

/** Where a link stands, for the desktop panel. */
export function captureStatus(link: CaptureLinkRecord, now: number): CaptureLinkStatus {
  if (link.ended || link.photosAdded >= CAPTURE_LIMITS.maxPhotosPerLink) return 'ended';
  if (now >= link.expiresAt) return 'expired';
  return link.deviceHash ? 'open' : 'waiting';
}

type LinkDeps = Pick<PhotoDeps, 'captureLinks' | 'ids' | 'clock' | 'users'>;

/**
 * The link a code names while it is still its account's link, live, and the account's sessions are those it
 * was made under (signing out everywhere ends it). Unknown codes are 404; replaced, closed, used up or
 * signed-out ones 410 ended; past their time 410 expired.
 */
async function liveLink(
  deps: LinkDeps,
  rawCode: string | undefined,
): Promise<{ link: CaptureLinkRecord; user: User }> {
  const code = rawCode ? normaliseCode(rawCode) : null;
  if (!code) throw captureError('CAPTURE_LINK_NOT_FOUND');
  const codeHash = deps.ids.hashSecret(code);
  const owner = await deps.captureLinks.ownerOf(codeHash);
  if (!owner) throw captureError('CAPTURE_LINK_NOT_FOUND');
  const [link, user] = await Promise.all([deps.captureLinks.current(owner), deps.users.getById(owner)]);
  if (!user) throw captureError('CAPTURE_LINK_NOT_FOUND');
  if (!link || link.codeHash !== codeHash || link.sessionVersion !== user.sessionVersion) {
    throw captureError('CAPTURE_LINK_ENDED');
  }
  const status = captureStatus(link, deps.clock.now());
  if (status === 'ended') throw captureError('CAPTURE_LINK_ENDED');
  if (status === 'expired') throw captureError('CAPTURE_LINK_EXPIRED');
  return { link, user };
}

/** POST /photos/capture-links: a new link for the account; the previous one, if any, has ended. */
export async function createCaptureLink(
  deps: PhotoDeps,
  user: User,
  language: Language,
): Promise<CaptureLink> {
  requirePhotoConsent(user);
  // Each link is an item and a code: a page left polling "make a new one" cannot make them without end.
  const verdict = await deps.limiter.hit('capture_links:user', user.id, CAPTURE_LIMITS.linksPerHour, 3600, {
    userId: user.id,
  });
  if (!verdict.allowed) {
    throw new RateLimitedError(
      `You have made ${CAPTURE_LIMITS.linksPerHour} phone links in the last hour. Please try again in ${Math.ceil(verdict.retryAfterSeconds / 60)} minutes.`,
      verdict.retryAfterSeconds,
    );
  }
  const now = deps.clock.now();
  const linkId = deps.ids.newId();
  const code = await deps.captureCodes.codeFor(user.id, linkId);
  const expiresAt = now + CAPTURE_LIMITS.linkSeconds;
  await deps.captureLinks.put(
    {
      userId: user.id,
      linkId,
      codeHash: deps.ids.hashSecret(code),
      language,
      createdAt: now,
      expiresAt,
      deviceHash: null,
      photosAdded: 0,
      ended: null,
      sessionVersion: user.sessionVersion,
    },
    expiresAt + KEEP_AFTER_EXPIRY_SECONDS,
  );
  return { code, url: captureUrl(deps.webOrigin, language, code), expires_at: iso(expiresAt) };
}

/** GET /photos/capture-links/current: the account's latest link, for the desktop panel's polling. */
export async function currentCaptureLink(deps: PhotoDeps, user: User): Promise<CaptureLinkState> {
  const link = await deps.captureLinks.current(user.id);
  if (!link) throw new DomainError('CAPTURE_LINK_NOT_FOUND', 'You have no phone link yet.');
  const code = await deps.captureCodes.codeFor(user.id, link.linkId);
  const ended = link.sessionVersion !== user.sessionVersion;
  return {
    code,
    url: captureUrl(deps.webOrigin, link.language, code),
    expires_at: iso(link.expiresAt),
    photos_added: Math.min(link.photosAdded, CAPTURE_LIMITS.maxPhotosPerLink),
    status: ended ? 'ended' : captureStatus(link, deps.clock.now()),
  };
}

/** DELETE /photos/capture-links/{code}: the desktop closes its link; another account's code is not found. */
export async function revokeCaptureLink(
  deps: PhotoDeps,
  user: User,
  rawCode: string,
): Promise<{ success: boolean }> {
  const code = normaliseCode(rawCode);
  const link = await deps.captureLinks.current(user.id);
  if (!code || !link || link.codeHash !== deps.ids.hashSecret(code)) {
    throw captureError('CAPTURE_LINK_NOT_FOUND');
  }
  // Already ended: closing it again changes nothing.
  await deps.captureLinks.end(user.id, link.codeHash, 'revoked');
  return { success: true };
}

/** The account has no free place left: the link has done what it can, and ends. */
async function endIfAccountFull(
  deps: PhotoDeps,
  link: { userId: string; codeHash: string },
): Promise<boolean> {
  const photos = await deps.store.list(link.userId, deps.clock.now());
  if (photos.length < PHOTO_LIMITS.maxPhotos) return false;
  await deps.captureLinks.end(link.userId, link.codeHash, 'photo-limit');
  return true;
}

/** The per-address count of opens, which code guesses on the upload routes count against too. */
const OPENS = 'capture_open:ip';
const OPENS_LIMIT = [CAPTURE_LIMITS.opensPerWindow, CAPTURE_LIMITS.openWindowSeconds] as const;

function refuseIfOverOpens(verdict: { allowed: boolean; retryAfterSeconds: number }): void {
  if (verdict.allowed) return;
  throw new RateLimitedError(
    `Too many phone links were opened from this network. Please try again in ${Math.ceil(verdict.retryAfterSeconds / 60)} minutes.`,
    verdict.retryAfterSeconds,
  );
}

/**
 * POST /photos/capture-links/open: the phone opens a link with its code. The first device is bound to it and
 * gets a secret; the same device again (its secret sent back) gets the same answer; any other one 403.
 * Counted per source address: with one device per link and 15 minutes, guessing codes gets nowhere.
 */
export async function openCaptureLink(
  deps: PhotoDeps,
  presented: { code: string | undefined; device: string | undefined },
  clientAddress: string,
): Promise<CaptureLinkOpened> {
  refuseIfOverOpens(await deps.limiter.hit(OPENS, clientAddress, ...OPENS_LIMIT));
  const { link } = await liveLink(deps, presented.code);
  if (await endIfAccountFull(deps, link)) throw captureError('CAPTURE_LINK_ENDED');
  let device: string;
  if (link.deviceHash) {
    if (!presented.device || deps.ids.hashSecret(presented.device) !== link.deviceHash) {
      throw captureError('CAPTURE_LINK_IN_USE');
    }
    device = presented.device;
  } else {
    device = deps.ids.newSecret();
    const bound = await deps.captureLinks.bindDevice(link.userId, link.codeHash, deps.ids.hashSecret(device));
    if (bound === 'taken') throw captureError('CAPTURE_LINK_IN_USE');
  }
  return {
    device,
    language: link.language,
    expires_at: iso(link.expiresAt),
    photos_added: link.photosAdded,
    photos_left: CAPTURE_LIMITS.maxPhotosPerLink - link.photosAdded,
  };
}

/**
 * Who the phone's upload routes run as: the link's account, when the code names a live link and the device
 * is the one bound to it (a link not yet opened has none, so it is refused too).
 */
export async function resolveCapture(
  deps: LinkDeps,
  code: string,
  device: string | undefined,
): Promise<{ user: User; grant: CaptureGrant }> {
  const { link, user } = await liveLink(deps, code);
  if (!device || !link.deviceHash || deps.ids.hashSecret(device) !== link.deviceHash) {
    throw captureError('CAPTURE_LINK_IN_USE');
  }
  return { user, grant: { userId: link.userId, codeHash: link.codeHash } };
}

/**
 * resolveCapture for the two upload routes, counted like opens: an unknown code counts against the address's
 * opens (openCaptureLink), so guessing codes there gets no further than on the open route. Past the limit,
 * any refusal is 429, so a real code without its device reads like an unknown one. The phone, with its code
 * and device, is never counted nor held back.
 */
export async function resolveCaptureFrom(
  deps: LinkDeps & Pick<PhotoDeps, 'limiter'>,
  code: string,
  device: string | undefined,
  clientAddress: string,
): Promise<{ user: User; grant: CaptureGrant }> {
  try {
    return await resolveCapture(deps, code, device);
  } catch (e) {
    if (!isDomainError(e)) throw e;
    refuseIfOverOpens(
      e.code === 'CAPTURE_LINK_NOT_FOUND'
        ? await deps.limiter.hit(OPENS, clientAddress, ...OPENS_LIMIT)
        : await deps.limiter.peek(OPENS, clientAddress, ...OPENS_LIMIT),
    );
    throw e;
  }
}

/** POST /photos/upload-targets with a capture code: the same targets; a full account ends the link. */
export async function captureUploadTargets(
  deps: PhotoDeps,
  user: User,
  grant: CaptureGrant,
  files: { name: string; type: string; size: number }[],
): ReturnType<typeof uploadTargets> {
  try {
    return await uploadTargets(deps, user, files);
  } catch (e) {
    if (isDomainError(e) && e.code === 'PHOTO_LIMIT_REACHED') {
      await deps.captureLinks.end(grant.userId, grant.codeHash, 'photo-limit');
    }
    throw e;
  }
}

const overLinkCap = (name: string) => ({
  name,
  reason: 'limit' as const,
  message: `"${name}" was not added: a phone link adds up to ${CAPTURE_LIMITS.maxPhotosPerLink} photos. Make a new one on your computer to add more.`,
});

/**
 * POST /photos/confirm with a capture code. Before any photo is taken in, the link's places are reserved on
 * the link by the database, one per upload not already confirmed; uploads past the link's places are refused
 * unread; the places that did not become photos are given back. So concurrent confirms never add more than
 * maxPhotosPerLink through one link.
 */
export async function confirmCaptured(
  deps: PhotoIntakeDeps,
  user: User,
  grant: CaptureGrant,
  uploads: { id: string; name?: string | undefined }[],
): Promise<UploadResult> {
  uploads = uploads.filter((u, i) => uploads.findIndex((other) => other.id === u.id) === i);
  const claimed = await deps.store.claimedUploads(
    user.id,
    uploads.flatMap((u) => (isUploadId(u.id) ? [u.id] : [])),
  );
  const fresh = uploads.filter((u) => !claimed.has(u.id));
  const reserved = fresh.length
    ? await deps.captureLinks.reserve(
        grant.userId,
        grant.codeHash,
        fresh.length,
        CAPTURE_LIMITS.maxPhotosPerLink,
        deps.clock.now(),
      )
    : 0;
  if (fresh.length > 0 && reserved === 0) {
    // Full, closed or out of time meanwhile: say which.
    const link = await deps.captureLinks.current(grant.userId);
    const expired = link?.codeHash === grant.codeHash && captureStatus(link, deps.clock.now()) === 'expired';
    throw captureError(expired ? 'CAPTURE_LINK_EXPIRED' : 'CAPTURE_LINK_ENDED');
  }
  const within = new Set(fresh.slice(0, reserved).map((u) => u.id));
  const taken = uploads.filter((u) => claimed.has(u.id) || within.has(u.id));
  const refused = uploads.filter((u) => !claimed.has(u.id) && !within.has(u.id));
  let result: UploadResult;
  try {
    result = await confirmUploads(deps, user, taken);
  } catch (e) {
    // Photos may have been kept before the failure (storage failing on a later file): their places stay
    // taken, or the link would add more than maxPhotosPerLink. An upload claimed now and not before became
    // a photo.
    const nowClaimed = await deps.store.claimedUploads(user.id, [...within].filter(isUploadId));
    await deps.captureLinks.release(grant.userId, grant.codeHash, reserved - nowClaimed.size);
    if (isDomainError(e) && e.code === 'PHOTO_LIMIT_REACHED') {
      await deps.captureLinks.end(grant.userId, grant.codeHash, 'photo-limit');
    }
    throw e;
  }
  const before = new Set(claimed.values());
  const added = result.files.filter((f) => !before.has(f)).length;
  if (reserved > added) await deps.captureLinks.release(grant.userId, grant.codeHash, reserved - added);
  await endIfAccountFull(deps, grant);
  const rejections = [...result.rejections, ...refused.map((u) => overLinkCap(displayName(u.name ?? u.id)))];
  return {
    ...result,
    rejected: rejections.map((r) => r.name),
    rejectedCount: rejections.length,
    rejections,
  };
}
