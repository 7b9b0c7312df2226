// The sentences every prompt shares: how to treat the person in the reference photos, and what the
// picture must not contain. Each style's prompt is written out in full when seeded, so an admin can edit
// one style's wording without touching the others.

/** Photographic styles: the result must be recognisably the same person, untouched. */
export const KEEP_IDENTITY_PHOTO =
  'Create a new portrait of the person shown in the reference photos. Keep their identity exactly: the same face shape and proportions, eyes and eye colour, eyebrows, nose, lips, skin tone and skin texture, hairline, hair colour, apparent age, and any glasses, freckles, moles, scars or facial hair. Do not slim, smooth, lighten, darken or idealise the face, and do not change their apparent gender or ethnicity.';

/** Illustrated styles: redrawn, yet recognised at a glance by people who know them. */
export const KEEP_IDENTITY_ART =
  'Draw the person shown in the reference photos so that anyone who knows them would recognise them at once. Keep their face shape, eye shape and colour, eyebrows, nose, mouth, skin tone, hairstyle and hair colour, apparent age, and any glasses, freckles or facial hair, while rendering everything in the style described below. Do not change their apparent gender or ethnicity.';

const CLOSE_PHOTO =
  'One person only, head and shoulders, centred, with a little space above the head. Photorealistic, natural skin texture with visible pores, sharp focus on the eyes, true-to-life colours. No text, no logos, no brand names, no watermark, no border.';

const CLOSE_ART =
  'One person only, head and shoulders, centred. No text, no lettering, no speech bubbles, no logos, no signature, no watermark.';

export const photoPrompt = (style: string): string => `${KEEP_IDENTITY_PHOTO} ${style} ${CLOSE_PHOTO}`;
export const artPrompt = (style: string): string => `${KEEP_IDENTITY_ART} ${style} ${CLOSE_ART}`;
