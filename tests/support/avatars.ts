// Avatar creation from a test's point of view: an account with consent and reference photos, and the
// active styles as the API lists them.
import type { Style } from '../../shared/api-schemas.ts';
import { callRoute } from './api.ts';
import { consentedUser, uploadDirect } from './photos.ts';
import { testPhoto } from './test-images.ts';

/** An activated account (2 free tokens) that consented and uploaded `photos` reference photos. */
export async function userWithPhotos(photos: number): Promise<{ email: string; token: string }> {
  const user = await consentedUser();
  if (photos > 0) {
    const files = await Promise.all(
      Array.from({ length: photos }, async (_, i) => ({
        name: `selfie-${i + 1}.jpg`,
        bytes: await testPhoto({ width: 900, height: 1100, seed: 40 + i }),
      })),
    );
    await uploadDirect(user.token, files);
  }
  return user;
}

export async function activeStyles(token: string): Promise<Style[]> {
  const res = await callRoute('listStyles', { token });
  if (res.status !== 200) throw new Error(`GET /aivatar/styles answered ${res.status}`);
  return res.body.styles;
}
