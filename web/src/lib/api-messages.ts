// The server writes its `msg` in English. On a French page, a known error code gets its French text;
// anything else is shown as the server wrote it (spec section 8: "the server msg, else ...").
import type { ApiError } from './api-client.ts';
import { currentLanguage, hasString, type TranslationKey, t } from './i18n.ts';

export function serverMessage(error: ApiError): string | null {
  if (currentLanguage() !== 'en') {
    const key = `apiCodes.${error.code}`;
    if (hasString(key)) return t(key as TranslationKey);
  }
  return error.msg;
}
