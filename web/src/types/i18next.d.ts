// Typed translation keys: t('login.title') is checked against the English strings, the app's and those
// of the screens that bring their own (features/*/locales).
import 'i18next';
import type AccountEn from '../features/account/locales/en.json';
import type AuthEn from '../features/auth/locales/en.json';
import type PhotosEn from '../features/photos/locales/en.json';
import type En from '../locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof En & typeof AuthEn & typeof AccountEn & typeof PhotosEn };
  }
}
