// "Renders centred on the face": the local renderer frames the reference photo on the face the
// upload measured, so in every style format and window the eyes sit on the window's eye line, the face is
// whole and the render looks like the user (checked with the real face model). Its test option draws
// another person, or nobody.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FACE_RULES, likenessFromDistance } from '#shared/face-rules.ts';
import { EYE_LINE } from '../../functions/generation/ai/local-renderer/face-frame.ts';
import { windowBox } from '../../functions/generation/ai/local-renderer/layers.ts';
import { LocalRenderer } from '../../functions/generation/ai/local-renderer/local-renderer.ts';
import {
  type AvatarRequest,
  dimensionsOf,
  type ImageSize,
  type ReferenceImage,
} from '../../functions/generation/domain/image-provider.ts';
import { checkPhotoFace, faceDistance, peopleIn } from '../../functions/photos/domain/faces/faces.ts';
import { FaceApiAnalyzer } from '../../functions/photos/faces/face-api-analyzer.ts';
import { DEFAULT_RECIPE, type RenderRecipe } from '../../functions/styles/domain/render-recipe.ts';
import { selfie } from '../support/face-fixtures.ts';

const analyzer = new FaceApiAnalyzer();

/** A photo with the person off to the top left, room to the right and below (a crop must move to them). */
async function offCentre(person: number): Promise<Buffer> {
  return sharp(await selfie(person))
    .extend({ right: 700, bottom: 600, background: '#6b7280' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function reference(
  person: number,
  bytesOf: (person: number) => Promise<Buffer> = selfie,
): Promise<{ ref: ReferenceImage; descriptor: number[] }> {
  const bytes = await bytesOf(person);
  const check = checkPhotoFace(await analyzer.analyse({ encoded: bytes }));
  if (!check.ok) throw new Error(check.reason);
  return {
    ref: { bytes, contentType: 'image/jpeg', face: { box: check.face.box, eyes: check.face.eyes } },
    descriptor: check.face.descriptor,
  };
}

const recipe = (shape: RenderRecipe['subject']['shape'], scale = 0.84): RenderRecipe => ({
  ...DEFAULT_RECIPE,
  subject: { ...DEFAULT_RECIPE.subject, shape, scale, offsetY: 0.03 },
  texture: { kind: 'none', amount: 0 },
  frame: { kind: 'none', color: '#000000' },
});

const request = (ref: ReferenceImage, size: ImageSize, look: RenderRecipe): AvatarRequest => ({
  references: [ref],
  prompt: 'unused by the local renderer',
  size,
  quality: 'medium',
  inputFidelity: 'low',
  recipe: look,
});

describe('the local renderer, framed on the face', { timeout: 120_000 }, () => {
  it('puts the eyes on the window’s eye line, the face whole and centred, in every format and window', async () => {
    const { ref, descriptor } = await reference(2, offCentre);
    const renderer = new LocalRenderer();
    for (const size of ['1024x1024', '1024x1536'] as const) {
      for (const shape of ['full', 'oval', 'arch', 'circle'] as const) {
        const look = recipe(shape);
        const out = await renderer.generate(request(ref, size, look));
        const { width, height } = dimensionsOf(size);
        const target = windowBox(look.subject, width, height).shape;
        const analysis = await analyzer.analyse({ encoded: out.image });
        const [face] = peopleIn(analysis);
        expect(face, `${size} ${shape}: a face`).toBeDefined();
        if (!face) continue;
        const eyeY = ((face.eyes.left.y + face.eyes.right.y) / 2) * height;
        const eyeX = ((face.eyes.left.x + face.eyes.right.x) / 2) * width;
        const where = `${size} ${shape}`;
        expect(Math.abs(eyeY - (target.top + EYE_LINE * target.height)), where).toBeLessThan(0.04 * height);
        expect(Math.abs(eyeX - (target.left + target.width / 2)), where).toBeLessThan(0.04 * width);
        // The whole face inside the picture, and inside the window.
        expect(face.box.y * height, where).toBeGreaterThanOrEqual(target.top);
        expect((face.box.y + face.box.height) * height, where).toBeLessThanOrEqual(
          target.top + target.height,
        );
        expect(likenessFromDistance(faceDistance(face.descriptor, descriptor)), where).toBeGreaterThanOrEqual(
          80,
        );
      }
    }
  });

  it('draws another person, or no one, when its test option says so', async () => {
    const { ref, descriptor } = await reference(0);
    const someoneElse = new LocalRenderer({ face: { other: await selfie(13) } });
    const other = await analyzer.analyse(
      { encoded: (await someoneElse.generate(request(ref, '1024x1536', DEFAULT_RECIPE))).image },
      { minConfidence: FACE_RULES.avatarMinConfidence },
    );
    const [face] = peopleIn(other);
    expect(face).toBeDefined();
    expect(faceDistance(face?.descriptor ?? [], descriptor)).toBeGreaterThan(0.6);
    const nobody = new LocalRenderer({ face: 'none' });
    const blank = await analyzer.analyse(
      { encoded: (await nobody.generate(request(ref, '1024x1024', DEFAULT_RECIPE))).image },
      { minConfidence: FACE_RULES.avatarMinConfidence },
    );
    expect(peopleIn(blank)).toEqual([]);
  });
});
