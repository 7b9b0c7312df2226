// A selfie drawn in a catalogue style by the local renderer, with the face the photo check found (as the
// worker sends it): the avatar the likeness and keepers benches measure.
import { LocalRenderer } from '../../functions/generation/ai/local-renderer/local-renderer.ts';
import { SIZE_OF_FORMAT } from '../../functions/generation/domain/image-provider.ts';
import { checkPhotoFace } from '../../functions/photos/domain/faces/faces.ts';
import type { FaceApiAnalyzer } from '../../functions/photos/faces/face-api-analyzer.ts';
import type { STYLE_CATALOGUE } from '../../functions/styles/domain/catalogue/index.ts';

export async function renderSelfie(
  faces: FaceApiAnalyzer,
  photo: Buffer,
  style: (typeof STYLE_CATALOGUE)[number],
  renderer = new LocalRenderer(),
) {
  const check = checkPhotoFace(await faces.analyse({ encoded: photo }));
  return renderer.generate({
    references: [
      {
        bytes: photo,
        contentType: 'image/jpeg',
        ...(check.ok ? { face: { box: check.face.box, eyes: check.face.eyes } } : {}),
      },
    ],
    prompt: style.prompt,
    size: SIZE_OF_FORMAT[style.format],
    quality: style.quality,
    inputFidelity: style.inputFidelity,
    recipe: style.recipe,
  });
}
