// POST /aivatar/create_tasks_batch: the server loads each style itself and
// makes its tasks, one per chosen backdrop and outfit combination for a style that accepts them,
// then charges and queues them (start-tasks.ts).

import type { User } from '#platform/domain/ports.ts';
import { TASK_TIMING } from '#platform/domain/task-timing.ts';
import { type Language, MAX_STYLES_PER_BATCH } from '#shared/api/common.ts';
import { combinationsOf, type StyleChoices, type TaskChoice } from '#shared/style-choices.ts';
import { promptWithChoice, recipeWithChoice, type Style } from '../../styles/public.ts';
import { SIZE_OF_FORMAT } from './image-provider.ts';
import {
  type CreateDeps,
  checkIdempotencyKey,
  checkReferencePhotos,
  invalid,
  type StartAnswer,
  startTasks,
} from './start-tasks.ts';
import { newTaskId, styleSlug } from './task-names.ts';
import type { NewTask } from './tasks.ts';
import { checkAllowed } from './team-allowed.ts';

export type { CreateDeps } from './start-tasks.ts';
export { NEED_PHOTOS_MESSAGE } from './start-tasks.ts';

interface CreateRequest {
  styles: number[];
  style_prompts: string[];
  style_choices?: StyleChoices[];
  /** the language of the page that asked (beyond the original API): names the files and words the answer */
  lang?: Language | undefined;
}

async function loadStyles(deps: CreateDeps, ids: number[]): Promise<Style[]> {
  if (ids.length === 0) throw invalid('Please select at least one style');
  if (ids.length > MAX_STYLES_PER_BATCH)
    throw invalid(`You can create at most ${MAX_STYLES_PER_BATCH} avatars at once.`);
  if (new Set(ids).size !== ids.length) throw invalid('Each style can be picked once per batch.');
  const all = new Map((await deps.styles.getMany(ids)).map((s) => [s.id, s]));
  return ids.map((id) => {
    const style = all.get(id);
    if (!style?.isActive) throw invalid(`Style ${id} is not available.`);
    return style;
  });
}

/**
 * A result's stored name starts with its style's name in the user's language, so that its download name (the
 * stored name before its first underscore) is French for a French user: `portrait-studio.png`.
 */
const slugIn = (style: Style, lang: Language): string =>
  lang === 'fr' && style.translations.fr
    ? styleSlug(null, style.translations.fr.name)
    : styleSlug(style.key, style.name);

/** A choice for a style that does not take one is refused before anything is charged. */
export function checkChoiceAccepted(lang: Language, style: Style, choice: TaskChoice): void {
  if (style.acceptsChoices || (!choice.backdrop && !choice.outfit)) return;
  throw invalid(
    lang === 'fr'
      ? `Le style « ${style.translations.fr?.name || style.name} » ne propose pas de choix d'arrière-plan ni de tenue.`
      : `The style "${style.name}" does not offer a choice of backdrop or outfit.`,
  );
}

/** One task: the style's settings, its prompt and look with the user's choice applied, its cost. */
export function newTaskFor(
  deps: Pick<CreateDeps, 'taskDeadlineSeconds'>,
  style: Style,
  choice: TaskChoice,
  o: { now: number; place: number; batchHex: string; lang: Language; referenceFiles?: string[] },
): NewTask {
  return {
    id: newTaskId(o.now, o.place, o.batchHex),
    styleId: style.id,
    styleName: style.name,
    slug: slugIn(style, o.lang),
    prompt: promptWithChoice(style.prompt, choice),
    size: SIZE_OF_FORMAT[style.format],
    quality: style.quality,
    referenceCount: style.referenceCount,
    inputFidelity: style.inputFidelity,
    recipe: recipeWithChoice(style.recipe, choice),
    choice,
    tokenCost: style.tokenCost,
    deadlineAt: o.now + (deps.taskDeadlineSeconds ?? TASK_TIMING.deadlineSeconds),
    ...(o.referenceFiles?.length ? { referenceFiles: o.referenceFiles } : {}),
  };
}

export async function createAvatarBatch(
  deps: CreateDeps,
  user: User,
  req: CreateRequest,
  idempotencyKey: string | null,
): Promise<StartAnswer> {
  checkIdempotencyKey(idempotencyKey);
  if (req.style_prompts.length !== req.styles.length)
    throw invalid('style_prompts must hold one prompt per style, in the same order.');
  if (req.style_choices && req.style_choices.length !== req.styles.length)
    throw invalid('style_choices must hold one entry per style, in the same order.');
  const now = deps.clock.now();
  const lang = req.lang ?? user.lang;
  // Independent reads, side by side: the create screen waits on this call.
  const [styles, photos, team] = await Promise.all([
    loadStyles(deps, req.styles),
    deps.photos.list(user.id, now),
    // A member holding a seat creates from the team's allowance, within the team's styles and combinations.
    deps.teams ? deps.teams.payerFor(user.id) : null,
  ]);
  const picks = styles.flatMap((style, i) => {
    const choices = req.style_choices?.[i];
    if (
      choices &&
      new Set(choices.backdrops).size + new Set(choices.outfits).size !==
        choices.backdrops.length + choices.outfits.length
    )
      throw invalid('Each backdrop and outfit can be picked once per style.');
    return combinationsOf(choices).map((choice) => {
      checkChoiceAccepted(lang, style, choice);
      return { style, choice };
    });
  });
  // Each combination is an avatar: the batch's limit counts them, as one transaction holds them all.
  if (picks.length > MAX_STYLES_PER_BATCH)
    throw invalid(`You can create at most ${MAX_STYLES_PER_BATCH} avatars at once.`);
  checkReferencePhotos(user, photos.length);
  if (team) checkAllowed(lang, team.allowed, picks);

  const batchHex = deps.ids.newId().replace(/-/g, '').slice(0, 12);
  const tasks = picks.map(({ style, choice }, place) =>
    newTaskFor(deps, style, choice, { now, place, batchHex, lang }),
  );
  // A repeat must be the same request: the styles, and the choices when there are any.
  const requestHash = deps.ids.hashSecret(
    JSON.stringify(
      req.style_choices?.some((c) => c.backdrops.length || c.outfits.length)
        ? [req.styles, req.style_choices]
        : req.styles,
    ),
  );
  return startTasks(deps, user, {
    batchHex,
    tasks,
    now,
    requestHash,
    idempotencyKey,
    reusedKeyMessage: 'This Idempotency-Key was already used for other styles.',
    lang,
    team,
  });
}
