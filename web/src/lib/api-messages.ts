// The server writes its `msg` in English. On a French page, a known error code gets its French text;
// anything else is shown as the server wrote it (spec section 8: "the server msg, else ...").
import i18next from 'i18next';
import type En from '../locales/en.json';
import type { ApiError } from './api-client.ts';

type ApiCode = keyof (typeof En)['apiCodes'];

export function serverMessage(error: ApiError): string | null {
  if (i18next.language !== 'en') {
    const key = `apiCodes.${error.code}`;
    if (i18next.exists(key)) return i18next.t(`apiCodes.${error.code as ApiCode}`);
  }
  return error.msg;
}
