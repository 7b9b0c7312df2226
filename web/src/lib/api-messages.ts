// What a failed call says to the user, decided by the error's code (functions/platform/domain/errors.ts), never by
// its status alone or by matching the server's English text. The server writes its `msg` in English, in
// the product's words: an English page may show it ("the server msg, else ..."); a French
// page shows its own text for a known code, else the French fallback of the action that failed.
import type { ApiError } from './api-client.ts';
import { currentLanguage, hasString, type TranslationKey, t } from './i18n.ts';

/** Our own text for a code, in the page's language, if we have one. */
export function codeMessage(code: string): string | null {
  const key = `apiCodes.${code}`;
  return hasString(key) ? t(key as TranslationKey) : null;
}

/** The message for a failure: `fallback` is the action's own generic message, in the page's language. */
export function serverMessage(error: ApiError, fallback: string): string {
  if (currentLanguage() === 'en') return error.msg ?? codeMessage(error.code) ?? fallback;
  return codeMessage(error.code) ?? fallback;
}
