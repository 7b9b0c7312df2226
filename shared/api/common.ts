// What several areas' bodies share: the language, messages, ids and the pieces their schemas are built of.
// shared/api-schemas.ts exports every schema of shared/api/ under one name, as before the split.
import * as z from 'zod/mini';
import {
  isAcceptableImageUrl,
  STYLE_FIELD_LIMITS,
  STYLE_FORMATS,
  STYLE_MESSAGES,
} from '../admin-style-rules.ts';
import { LANGUAGES, type Language as LanguageCode } from '../language.ts';
import { MAX_AVATARS_PER_BATCH } from '../style-choices.ts';

export { LANGUAGES };

/** The zod enum of shared/language.ts's list; the type is that module's. */
export const Language = z.enum(LANGUAGES);

export type Language = LanguageCode;

export const PASSWORD_MIN_LENGTH = 8;

export const PASSWORD_MAX_LENGTH = 128;

export const Success = z.object({ success: z.boolean() });

export const ErrorBody = z.object({
  msg: z.string(),
  code: z.string(),
  error: z.optional(z.string()),
  correlation_id: z.optional(z.string()),
  /** SUBSCRIPTION_EXISTS: the billing dashboard where the subscription is managed */
  dashboard_url: z.optional(z.string()),
  /** NOT_ENOUGH_TOKENS: what the batch costs and what the account has (monthly + lifetime) */
  needed: z.optional(z.number()),
  available: z.optional(z.number()),
  /** RATE_LIMITED: the Retry-After header's seconds, for a page that cannot read the header cross-origin */
  retry_after: z.optional(z.number()),
  /** NOT_ENOUGH_SEATS_TO_INVITE: how many people the team may still invite now */
  can_invite: z.optional(z.number()),
});

export type ErrorBody = z.infer<typeof ErrorBody>;

// Declared now so the contract is whole; served by later groups.
export const StyleId = z.int().check(z.positive());

/** An integer, at least 1, default 1. */
const TokenCost = z.int().check(z.gte(1));

const StyleText = z.object({ name: z.string(), description: z.string() });

export const Style = z.object({
  id: StyleId,
  name: z.string(),
  description: z.string(),
  category: z.string(),
  image_url: z.string(),
  token_cost: TokenCost,
  prompt: z.string(),
  /** Beyond the original API: the name and description in French, for the French screens. */
  translations: z.optional(z.object({ fr: z.optional(StyleText) })),
  /** Beyond the original API: the user may pick backdrops and outfits for this style. */
  accepts_choices: z.optional(z.boolean()),
});

export type Style = z.infer<typeof Style>;

// The admin form's body. Each rule answers in the form's own French words, so a body the
// form would refuse is refused by the server with the same message; values are trimmed.
const requiredText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong));

const optionalText = (max: number, tooLong: string) =>
  z._default(z.string({ error: STYLE_MESSAGES.textInvalid }).check(z.trim(), z.maxLength(max, tooLong)), '');

export const AdminStyleFields = {
  name: requiredText(STYLE_FIELD_LIMITS.name, STYLE_MESSAGES.nameRequired, STYLE_MESSAGES.nameTooLong),
  description: optionalText(STYLE_FIELD_LIMITS.description, STYLE_MESSAGES.descriptionTooLong),
  category: requiredText(
    STYLE_FIELD_LIMITS.category,
    STYLE_MESSAGES.categoryRequired,
    STYLE_MESSAGES.categoryTooLong,
  ),
  image_url: z._default(
    z
      .string({ error: STYLE_MESSAGES.imageUrlInvalid })
      .check(
        z.trim(),
        z.maxLength(STYLE_FIELD_LIMITS.imageUrl, STYLE_MESSAGES.imageUrlInvalid),
        z.refine(isAcceptableImageUrl, STYLE_MESSAGES.imageUrlInvalid),
      ),
    '',
  ),
  token_cost: z._default(
    z
      .number({ error: STYLE_MESSAGES.tokenCostMin })
      .check(
        z.gte(1, STYLE_MESSAGES.tokenCostMin),
        z.refine(Number.isInteger, STYLE_MESSAGES.tokenCostInteger),
        z.lte(STYLE_FIELD_LIMITS.tokenCost, STYLE_MESSAGES.tokenCostMax),
      ),
    1,
  ),
  prompt: requiredText(
    STYLE_FIELD_LIMITS.prompt,
    STYLE_MESSAGES.promptRequired,
    STYLE_MESSAGES.promptTooLong,
  ),
  is_active: z._default(z.boolean({ error: STYLE_MESSAGES.isActiveInvalid }), true),
  format: z._default(z.enum(STYLE_FORMATS, { error: STYLE_MESSAGES.formatInvalid }), 'square'),
  /** Beyond the original API: absent keeps the style's setting (false for a new style). */
  accepts_choices: z.optional(z.boolean({ error: STYLE_MESSAGES.acceptsChoicesInvalid })),
};

/**
 * One entry of an import file, and of an export (the same shape): the form's fields, and
 * beyond the original API what makes an export re-import as the same catalogue (French text, the catalogue key,
 * the generation settings). Other keys (an exported `id`) are ignored.
 */
export const StyleTransferEntry = z.object({
  ...AdminStyleFields,
  translations: z.optional(z.object({ fr: z.optional(StyleText) })),
  key: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
  quality: z.optional(z.enum(['low', 'medium', 'high'])),
  reference_count: z.optional(z.int().check(z.gte(1), z.lte(16))),
  input_fidelity: z.optional(z.enum(['low', 'high'])),
});

export type StyleTransferEntry = z.output<typeof StyleTransferEntry>;

export const FileData = z.object({ success: z.boolean(), data: z.string(), content_type: z.string() });

/** A face's box in an image, as shares of its width and height (0-1): not biometric, a box. */
export const FaceBox = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

/** At most this many styles, and avatars, per batch (the screen's hint says 10 styles; the server allows 20). */
export const MAX_STYLES_PER_BATCH = MAX_AVATARS_PER_BATCH;
