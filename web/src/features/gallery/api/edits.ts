// POST /aivatar/tasks/{taskId}/edits: a new version of a finished avatar with one thing changed
// (docs/product.md, "Editing a finished avatar"). A TanStack Query mutation: once the server took it, the
// new version stands at once as a pending task in every list read so far (so its card shows its progress
// and the 15 s poll starts), the lists and the balance are read again, and a refusal is said in the page's
// language (shared/edit-rules.ts holds the words in both).
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditTaskRequest, EditTaskResult } from '#shared/api-schemas.ts';
import {
  EDIT_MESSAGES,
  EDIT_TOKEN_COST,
  fieldNotForKindMessage,
  maskSizeMessage,
} from '#shared/edit-rules.ts';
import type { Language } from '#shared/language.ts';
import { api, isApiError } from '../../../lib/api-client.ts';
import { serverMessage } from '../../../lib/api-messages.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { routeKey } from '../../../lib/query-keys.ts';
import { invalidateRoutes } from '../../../lib/server-state.tsx';
import { rootOf } from '../versions.ts';
import type { Task } from './tasks.ts';

type TaskPages = InfiniteData<{ tasks: Task[]; next_cursor?: string | null }>;

interface EditAsked {
  body: EditTaskRequest;
  /** one per edit asked: a repeat after a lost answer makes one version and one debit */
  key: string;
}

/** The version the server just queued, as the list will show it: pending, on its avatar's card. */
function pendingVersion(source: Task, body: EditTaskRequest, answer: EditTaskResult): Task {
  const now = Math.floor(Date.now() / 1000);
  return {
    id: answer.task_id,
    status: 'TODO',
    progress: 0,
    result_path: null,
    reference_path: source.reference_path,
    style_id: source.style_id,
    ...(source.style_name ? { style_name: source.style_name } : {}),
    created_at: now,
    updated_at: now,
    token_cost: EDIT_TOKEN_COST,
    version: answer.version,
    edit_of: source.id,
    root_id: rootOf(source),
    edit: { kind: body.kind } as Task['edit'],
  };
}

function showPending(client: QueryClient, version: Task): void {
  client.setQueryData<TaskPages>(routeKey('userTasks'), (data) => {
    if (!data?.pages.length || data.pages.some((p) => p.tasks.some((t) => t.id === version.id))) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first, tasks: [version, ...(first?.tasks ?? [])] }, ...rest] };
  });
}

export function useEditAvatar(source: Task, onQueued?: (answer: EditTaskResult) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: EditAsked) =>
      api('editTask', { params: { taskId: source.id }, body, headers: { 'Idempotency-Key': key } }),
    onSuccess: (answer, { body }) => {
      // The list with every task (not the favourites' list: a new version is not starred).
      showPending(client, pendingVersion(source, body, answer));
      void invalidateRoutes('userTasks', 'tokenLedger');
      onQueued?.(answer);
    },
    onError: (error) => console.error('Edit', source.id, error),
  });
}

/** A refusal's words: EDIT_MESSAGES' key for the server's message, in either language. */
function editMessageKey(msg: string): keyof typeof EDIT_MESSAGES | null {
  for (const [key, words] of Object.entries(EDIT_MESSAGES))
    if (words.en === msg || words.fr === msg) return key as keyof typeof EDIT_MESSAGES;
  return null;
}

const SIZE = /(\d+) x (\d+)/;

export interface Refusal {
  text: string;
  /** not enough tokens: the screen offers to buy some */
  short: boolean;
}

/**
 * Why the server refused, in the page's language. The server writes its refusals in the account's language
 * (functions/generation/domain/edits.ts) from shared/edit-rules.ts: a page in the other language finds the
 * same refusal there and says it in its own.
 */
export function editRefusal(error: unknown, lang: Language, t: TFunction): Refusal {
  const fallback = { text: t('gallery.editFailed'), short: false };
  if (!isApiError(error)) return fallback;
  if (error.code === 'NOT_ENOUGH_TOKENS') {
    const body = error.body as { needed?: number; available?: number } | null;
    return {
      text: t('gallery.tryAgainShort', {
        needed: body?.needed ?? EDIT_TOKEN_COST,
        available: body?.available ?? 0,
      }),
      short: true,
    };
  }
  if (error.code === 'EDIT_LIMIT_REACHED') return { text: EDIT_MESSAGES.limit[lang], short: false };
  if (error.code === 'TASK_NOT_FINISHED') return { text: EDIT_MESSAGES.notFinished[lang], short: false };
  const msg = error.msg ?? '';
  const key = editMessageKey(msg);
  if (key) return { text: EDIT_MESSAGES[key][lang], short: false };
  const size = SIZE.exec(msg);
  if (size && msg === maskSizeMessage(lang === 'en' ? 'fr' : 'en', Number(size[1]), Number(size[2])))
    return { text: maskSizeMessage(lang, Number(size[1]), Number(size[2])), short: false };
  if (size && msg === maskSizeMessage(lang, Number(size[1]), Number(size[2])))
    return { text: msg, short: false };
  const field = /(?:field|champ) (\w+) .* (backdrop|outfit|framing|retouch|region)/.exec(msg);
  if (field) {
    const kind = field[2] as Parameters<typeof fieldNotForKindMessage>[2];
    return { text: fieldNotForKindMessage(lang, field[1] as string, kind), short: false };
  }
  return { text: serverMessage(error, fallback.text), short: false };
}
