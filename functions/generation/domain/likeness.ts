// The likeness guarantee: every avatar is measured against the faces of the reference photos the
// worker sent for it, and one that does not look enough like the user (or shows no face) gets its tokens
// back, in the same transaction that marks it DONE (the store's complete). The descriptors come from the
// photo records the worker read before calling the provider and stay in memory through the delivery: a
// photo deleted meanwhile changes nothing, and no descriptor is ever written anywhere else.
import { belowGuarantee, FACE_RULES } from '#shared/face-rules.ts';
import {
  type FaceAnalyzer,
  likenessScore,
  mayShowSomeoneElse,
  type PhotoRecord,
  peopleIn,
  type RelativeBox,
  type RelativePoint,
} from '../../photos/public.ts';

/** The reference faces of one delivery (biometric data: in memory only). */
export type ReferenceDescriptors = readonly (readonly number[])[];

export interface Likeness {
  /** 0-100 (shared/face-rules.ts LIKENESS_CURVE); null when the avatar shows no face */
  score: number | null;
  /**
   * under the stage's guarantee (no face counts as under) and covered by it: refunded with the move to DONE,
   * within the account's refunds of the day (LIKENESS_REFUNDS_PER_DAY)
   */
  refund: boolean;
  /** under the threshold, not covered: a reference photo used may show someone else (coveredBy) */
  notRefunded?: 'someone-else';
}

/** What the worker measures on every avatar: its likeness, and where its face is. */
export interface AvatarFace {
  /** null when none of the references had a measured face: nothing to compare with */
  likeness: Likeness | null;
  /** the avatar's main face (a box, not biometric: the profile crops centre it); null when none */
  faceBox: RelativeBox | null;
  /** that face's 68 landmarks (shares of the avatar), kept with the task for its edits' masks; null when none */
  faceLandmarks: RelativePoint[] | null;
}

/**
 * The avatar's face, found once: its likeness to the reference faces (null when none of the references had a
 * measured face, photos recorded before the face check: not scored, not refunded) and its box. Throws when
 * the face model cannot run.
 */
export async function measureAvatarFace(
  faces: FaceAnalyzer,
  image: Uint8Array,
  references: ReferenceDescriptors,
  guarantee: number,
): Promise<AvatarFace> {
  const analysis = await faces.analyse({ encoded: image }, { minConfidence: FACE_RULES.avatarMinConfidence });
  const scored = likenessScore(analysis, references);
  const main = peopleIn(analysis)[0];
  return {
    likeness: scored ? { score: scored.likeness, refund: belowGuarantee(scored.likeness, guarantee) } : null,
    faceBox: main?.box ?? null,
    faceLandmarks: main?.landmarks?.length === 68 ? main.landmarks : null,
  };
}

/** The avatar's likeness alone (measureAvatarFace's); null without reference faces, and then not analysed. */
export async function measureLikeness(
  faces: FaceAnalyzer,
  image: Uint8Array,
  references: ReferenceDescriptors,
  guarantee: number,
): Promise<Likeness | null> {
  if (references.length === 0) return null;
  return (await measureAvatarFace(faces, image, references, guarantee)).likeness;
}

/**
 * The guarantee covers one person's likeness (docs/faces.md, "The guarantee"): the score is the mean distance
 * to every reference used, so a set of photos of different people would make most renders "unlike" and free.
 * When a photo used carries the upload's "someone-else" hint (judged on the account's whole set, as the
 * photo cards show it), an avatar under the threshold is charged, and the task says why.
 */
export function coveredBy(likeness: Likeness | null, someoneElseUsed: boolean): Likeness | null {
  if (!likeness?.refund || !someoneElseUsed) return likeness;
  return { score: likeness.score, refund: false, notRefunded: 'someone-else' };
}

/** Of the source's face box, the share a region edit's brush covers when it asks for the face to change. */
export const FACE_BRUSHED_SHARE = 0.25;

/**
 * A region edit whose brush covered the source's face (FACE_BRUSHED_SHARE of its box) asked for the face to
 * change: a version with no face is what was asked, not the provider's failure, and is not refunded
 * (docs/faces.md, "The guarantee").
 */
export function faceBrushedAway(likeness: Likeness | null, faceBrushed: boolean): Likeness | null {
  if (!faceBrushed || !likeness?.refund || likeness.score !== null) return likeness;
  return { score: null, refund: false };
}

/** Whether any of the photos sent for a render may show someone else, judged on the account's whole set. */
export function usesSomeoneElse(photos: readonly PhotoRecord[], sent: readonly string[]): boolean {
  const apart = mayShowSomeoneElse(photos);
  return photos.some((p) => apart.has(p) && sent.includes(p.filename));
}

/**
 * An account's share of today's measured avatars the guarantee refunded, in percent, once it had
 * ACCOUNT_SHARE_MIN_MEASURED measured (a first render refunded is no pattern): the metric
 * AccountLikenessRefundShare, whose alarm points at an account farming refunds (docs/operations.md).
 */
export const ACCOUNT_SHARE_MIN_MEASURED = 5;

export function accountRefundShare(today: { measured: number; refunds: number } | null): number | null {
  if (!today || today.measured < ACCOUNT_SHARE_MIN_MEASURED) return null;
  return Math.round((100 * today.refunds) / today.measured);
}

/**
 * The order the worker picks reference photos in: photos with a face before those without (recorded before
 * the face check), then those close to the set's most typical face before any that may show someone else
 * (a partner's or a child's photo would pull the avatar, and its score, away from the user), then fewest
 * quality hints, then the newest.
 */
export function referenceOrder(photos: readonly PhotoRecord[]): PhotoRecord[] {
  const apart = mayShowSomeoneElse(photos);
  const rank = (p: PhotoRecord) => (p.face ? 0 : 2) + (apart.has(p) ? 1 : 0);
  return [...photos].sort(
    (a, b) => rank(a) - rank(b) || a.hints.length - b.hints.length || b.uploadedAt - a.uploadedAt,
  );
}
