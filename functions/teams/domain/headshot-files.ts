// A chosen headshot's two stored files (docs/product.md, "Teams"): the full-size result and its 1080 px
// face-centred square (the gallery's `profile` preset, shared/result-presets.ts), made once and kept beside
// it. Their sizes are recorded with the choice, so the team's ZIP announces every entry without asking
// storage (headshots-zip.ts: 500 members' archive starts streaming in well under a second).
import { GALLERY_LIMITS, type ResultFiles, type ResultImages } from '../../generation/public.ts';
import type { ChosenHeadshot } from './ports.ts';

export interface HeadshotFileDeps {
  results: Pick<ResultFiles, 'resultBytes' | 'read' | 'readSize' | 'saveSize'>;
  images: Pick<ResultImages, 'preset'>;
}

/** The 1080 px square as stored, made first (and kept) when it is not; null when the result is gone. */
async function profileSquare(
  deps: HeadshotFileDeps,
  userId: string,
  resultFile: string,
  faceBox: ChosenHeadshot['faceBox'],
): Promise<Uint8Array | null> {
  const stored = await deps.results.readSize(userId, resultFile, 'profile');
  if (stored) return stored;
  const file = await deps.results.read(userId, resultFile);
  if (!file) return null;
  const made = await deps.images.preset(file.bytes, 'profile', GALLERY_LIMITS.maxPresetBytes, faceBox);
  await deps.results.saveSize(userId, resultFile, 'profile', made.bytes);
  return made.bytes;
}

/** The sizes the ZIP announces for a chosen headshot (its square made now if need be); null when gone. */
export async function headshotSizes(
  deps: HeadshotFileDeps,
  userId: string,
  resultFile: string,
  faceBox: ChosenHeadshot['faceBox'],
): Promise<{ full: number; square: number } | null> {
  const [full, square] = await Promise.all([
    deps.results.resultBytes(userId, resultFile),
    profileSquare(deps, userId, resultFile, faceBox),
  ]);
  return full === null || square === null ? null : { full, square: square.length };
}
