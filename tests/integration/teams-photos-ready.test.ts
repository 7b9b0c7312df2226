// The dashboard's "photos ready" (docs/product.md, "Teams"): a member who keeps at least the photos needed to
// create avatars (shared/photo-rules.ts) and has made no team avatar yet. The photo functions write it on
// the member's row as they keep or delete a photo, and a join writes it for photos kept before; the
// dashboard reads it from its one Query (no read of anyone's photos per page).
import { describe, expect, it } from 'vitest';
import { PHOTO_LIMITS } from '#shared/photo-rules.ts';
import { callRoute } from '../support/api.ts';
import { userWithPhotos } from '../support/avatars.ts';
import { uploadDirect } from '../support/photos.ts';
import { join, openLink, ownerWithTeam } from '../support/teams.ts';
import { testPhoto } from '../support/test-images.ts';

const statusOf = async (owner: { token: string; teamId: string }, email: string) => {
  const page = await callRoute('teamMembers', { token: owner.token, params: { teamId: owner.teamId } });
  return page.body.members.find((m) => m.email === email)?.status;
};

async function joinedWithPhotos(owner: { token: string; teamId: string }, photos: number) {
  const user = await userWithPhotos(photos);
  const link = await openLink(owner.token, owner.teamId, { domains: [user.email.split('@')[1] as string] });
  expect((await join(user.token, link.code)).status).toBe(200);
  return user;
}

describe('a member with the photos needed and no avatar yet', () => {
  it('shows as photos ready from their upload, and joined again once a deletion leaves too few', async () => {
    expect(PHOTO_LIMITS.neededForAvatars).toBe(2);
    const owner = await ownerWithTeam(2);
    const member = await joinedWithPhotos(owner, 1);
    expect(await statusOf(owner, member.email)).toBe('joined');
    await uploadDirect(member.token, [
      { name: 'again.jpg', bytes: await testPhoto({ width: 900, height: 1100, seed: 77 }) },
    ]);
    expect(await statusOf(owner, member.email)).toBe('photos_ready');

    const photos = (await callRoute('listPhotos', { token: member.token })).body.files;
    const deleted = await callRoute('deletePhoto', {
      token: member.token,
      params: { filename: photos[0]?.filename as string },
    });
    expect(deleted.status).toBe(200);
    expect(await statusOf(owner, member.email)).toBe('joined');
  }, 90_000);

  it('shows as photos ready on joining with photos kept before', async () => {
    const owner = await ownerWithTeam(1);
    const member = await joinedWithPhotos(owner, 2);
    expect(await statusOf(owner, member.email)).toBe('photos_ready');
  }, 60_000);
});
