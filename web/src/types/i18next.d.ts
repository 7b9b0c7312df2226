// Typed translation keys: t('login.title') is checked against the English strings.
import 'i18next';
import type En from '../locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof En };
  }
}
