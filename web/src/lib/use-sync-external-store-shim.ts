// react-i18next imports `use-sync-external-store/shim`, a polyfill for React < 18. React 19 has the hook,
// so the build points that import here (web/vite.config.ts) and pages skip the polyfill.
export { useSyncExternalStore } from 'react';
