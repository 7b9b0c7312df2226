// Style pictures an admin uploads: the browser posts the file straight to storage, then the
// server checks what it really is, decodes it in full and stores a re-encoded JPEG (no metadata), as it
// does for reference photos. The picture is then served to every screen under /style-images/.

import { DomainError } from '#platform/domain/errors.ts';
import type { Ids, User } from '#platform/domain/ports.ts';
import { STYLE_IMAGE_LIMITS, STYLE_IMAGE_PATH_PREFIX } from '#shared/admin-style-rules.ts';
import type { PhotoType } from '#shared/photo-rules.ts';
import { isUploadId, newUploadId, photoFilename, sniffPhotoType, uploadIdOf } from '../../photos/public.ts';
import type { StyleImageFiles, StyleImages } from './ports.ts';

export interface StyleImageDeps {
  files: StyleImageFiles;
  images: StyleImages;
  ids: Ids;
}

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
const invalid = (msg: string) => new DomainError('VALIDATION_FAILED', msg);

export const STYLE_IMAGE_MESSAGES = {
  tooLarge: `L'image dépasse ${mb(STYLE_IMAGE_LIMITS.maxBytes)} Mo.`,
  notAnImage: "Le fichier n'est pas une image JPG, PNG ou WEBP valide.",
  tooSmall: `L'image est trop petite : au moins ${STYLE_IMAGE_LIMITS.minShortSide} px sur son petit côté.`,
  tooManyPixels: `L'image est trop grande : au plus ${Math.round(STYLE_IMAGE_LIMITS.maxPixels / 1_000_000)} mégapixels.`,
  missing: "L'image n'est pas arrivée, ou son envoi a expiré. Envoyez-la de nouveau.",
} as const;

export async function styleImageTarget(
  deps: StyleImageDeps,
  admin: User,
  file: { type: PhotoType; size: number },
): Promise<{ id: string; url: string; fields: Record<string, string>; expires_in: number }> {
  if (file.size > STYLE_IMAGE_LIMITS.maxBytes) throw invalid(STYLE_IMAGE_MESSAGES.tooLarge);
  const id = newUploadId('style', deps.ids.newId().replace(/-/g, '').slice(0, 16));
  const form = await deps.files.uploads.uploadTarget(
    admin.id,
    id,
    file.type,
    STYLE_IMAGE_LIMITS.maxBytes,
    STYLE_IMAGE_LIMITS.uploadTargetSeconds,
  );
  return { id, ...form, expires_in: STYLE_IMAGE_LIMITS.uploadTargetSeconds };
}

export async function confirmStyleImage(
  deps: StyleImageDeps,
  admin: User,
  uploadId: string,
): Promise<{ path: string; width: number; height: number }> {
  if (!isUploadId(uploadId)) throw invalid(STYLE_IMAGE_MESSAGES.missing);
  const read = await deps.files.uploads.readUpload(admin.id, uploadId, STYLE_IMAGE_LIMITS.maxBytes);
  if (read === 'missing') throw invalid(STYLE_IMAGE_MESSAGES.missing);
  try {
    if (read === 'too-large') throw invalid(STYLE_IMAGE_MESSAGES.tooLarge);
    if (!sniffPhotoType(read.bytes)) throw invalid(STYLE_IMAGE_MESSAGES.notAnImage);
    const prepared = await deps.images.prepare(read.bytes, {
      maxPixels: STYLE_IMAGE_LIMITS.maxPixels,
      minShortSide: STYLE_IMAGE_LIMITS.minShortSide,
      storedLongSide: STYLE_IMAGE_LIMITS.storedLongSide,
      thumbnailSide: 64,
      thumbnailMaxBytes: 16 * 1024,
      measureLongSide: 64,
    });
    if (!prepared.ok) {
      throw invalid(
        prepared.reason === 'too-small'
          ? STYLE_IMAGE_MESSAGES.tooSmall
          : prepared.reason === 'too-many-pixels'
            ? STYLE_IMAGE_MESSAGES.tooManyPixels
            : STYLE_IMAGE_MESSAGES.notAnImage,
      );
    }
    // A name of its own, not the upload's: the upload's form stays valid for minutes, and a file posted to
    // it again and confirmed must not replace a picture that styles already show.
    const filename = photoFilename(newUploadId('style', deps.ids.newId().replace(/-/g, '').slice(0, 16)));
    await deps.files.save(filename, prepared.photo.image);
    return {
      path: `${STYLE_IMAGE_PATH_PREFIX}${filename}`,
      width: prepared.photo.measures.width,
      height: prepared.photo.measures.height,
    };
  } finally {
    await deps.files.uploads.discardUpload(admin.id, uploadId);
  }
}

/** A stored style picture by its name; anything not of our making names nothing. */
export async function styleImage(
  deps: Pick<StyleImageDeps, 'files'>,
  filename: string,
): Promise<{ bytes: Uint8Array; contentType: string }> {
  const found = uploadIdOf(filename) ? await deps.files.read(filename) : null;
  if (!found) throw new DomainError('NOT_FOUND', 'Image introuvable.');
  return found;
}
