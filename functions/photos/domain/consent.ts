// The two consents of the Manage Photos screen, recorded on the account with the
// wording version and the time. Unticking a box withdraws it; a new wording version asks again.

import { DomainError } from '#platform/domain/errors.ts';
import type { Clock, User } from '#platform/domain/ports.ts';
import type { PhotoConsent } from '#shared/api-schemas.ts';
import { PHOTO_CONSENT_VERSION } from '#shared/photo-rules.ts';
import type { PhotoStore } from './ports.ts';

export const CONSENT_MESSAGES = {
  neither:
    'Please accept both the data processing consent and the image rights confirmation before uploading photos.',
  processing: 'Please accept the data processing consent before uploading photos.',
  rights: 'Please confirm you have the rights to use these images before uploading photos.',
} as const;

/** The consents that count now: those given under the current wording. */
export function currentConsent(user: User): PhotoConsent {
  const c = user.photoConsent;
  const current = c?.version === PHOTO_CONSENT_VERSION;
  return {
    processing: Boolean(current && c?.processing),
    rights: Boolean(current && c?.rights),
    version: c?.version ?? null,
    updated_at: c?.updatedAt ?? null,
  };
}

export const hasPhotoConsent = (user: User): boolean => {
  const c = currentConsent(user);
  return c.processing && c.rights;
};

/** Refuses with the product's message for whichever consent is missing. */
export function requirePhotoConsent(user: User): void {
  const c = currentConsent(user);
  if (c.processing && c.rights) return;
  const which = !c.processing && !c.rights ? 'neither' : !c.processing ? 'processing' : 'rights';
  throw new DomainError('CONSENT_REQUIRED', CONSENT_MESSAGES[which]);
}

export async function recordConsent(
  deps: { store: PhotoStore; clock: Clock },
  user: User,
  given: { processing: boolean; rights: boolean },
): Promise<PhotoConsent> {
  const record = {
    processing: given.processing,
    rights: given.rights,
    version: PHOTO_CONSENT_VERSION,
    updatedAt: deps.clock.now(),
  };
  await deps.store.setConsent(user.id, record);
  return currentConsent({ ...user, photoConsent: record });
}
