// The API's answers the screens read, built to the route table's schemas (the stub checks them again).
import type { AvatarTask, PhotoFile, PhotoList, Style } from '#shared/api-schemas.ts';
import { PHOTO_CONSENT_VERSION } from '#shared/photo-rules.ts';

/** A style of the catalogue; `fr` gives it French words. */
export const aStyle = (id: number, over: Partial<Style> = {}): Style => ({
  id,
  name: `Style ${id}`,
  description: `What style ${id} looks like`,
  category: 'professional',
  image_url: `http://api.test/style-images/style-${id}.webp`,
  token_cost: 1,
  prompt: `prompt of style ${id}`,
  ...over,
});

const NOW = 1_790_000_000;

export const aPhoto = (n: number, over: Partial<PhotoFile> = {}): PhotoFile => ({
  filename: `photo-${n}.jpg`,
  size: 250_000,
  original_name: `selfie-${n}.jpg`,
  content_type: 'image/jpeg',
  width: 1200,
  height: 1600,
  uploaded_at: NOW - n * 60,
  expires_at: NOW + 30 * 86_400,
  hints: [],
  thumbnail_url: `http://files.test/thumbs/photo-${n}.jpg`,
  url: `http://files.test/photos/photo-${n}.jpg`,
  quality: { score: 90, reasons: [] },
  ...over,
});

/** GET /photos with these photos, both consents given. */
export const photoList = (files: PhotoFile[]): PhotoList => ({
  success: true,
  files,
  consent: { processing: true, rights: true, version: PHOTO_CONSENT_VERSION, updated_at: NOW - 3600 },
  delete_after_generation: false,
  set_quality: { score: 80, reasons: ['more-photos'] },
});

/** A finished avatar. */
export const aTask = (id: string, over: Partial<AvatarTask> = {}): AvatarTask => ({
  id,
  status: 'DONE',
  progress: 100,
  result_path: `results/${id}_avatar.png`,
  reference_path: null,
  style_id: 1,
  created_at: NOW - 600,
  updated_at: NOW - 560,
  thumbnail_url: `http://files.test/results/${id}-thumb.webp`,
  image_url: `http://files.test/results/${id}.png`,
  width: 1024,
  height: 1024,
  token_cost: 1,
  favourite: false,
  ...over,
});

/** A task not finished: no result, no pictures, no progress unless `over` gives one. */
export const anUnfinishedTask = (id: string, over: Partial<AvatarTask> = {}): AvatarTask => {
  const {
    thumbnail_url: _t,
    image_url: _i,
    width: _w,
    height: _h,
    ...rest
  } = aTask(id, {
    result_path: null,
    progress: undefined,
    favourite: undefined,
    ...over,
  });
  return rest;
};
