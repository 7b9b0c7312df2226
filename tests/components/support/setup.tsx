// Set-up of every component test file (vitest.config.ts, project `components`): the API stubbed at fetch,
// the runtime config read through it, the app's strings started in English (renderApp switches to the
// path's language), and after each test a clean page, session, cache, toasts, typed address and stub.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, expect, vi } from 'vitest';
import { forgetEmailDraft } from '../../../web/src/features/auth/email-draft.ts';
import { startI18n } from '../../../web/src/lib/i18n.ts';
import { loadRuntimeConfig } from '../../../web/src/lib/runtime-config.ts';
import { queryClient } from '../../../web/src/lib/server-state.tsx';
import { dismissToast, getToasts } from '../../../web/src/lib/toasts.ts';
import { apiStub, stubFetch } from './api-stub.ts';

vi.stubGlobal('fetch', stubFetch);

// A screen's lazy chunk and first reads take well under a second alone, but the suite runs beside the
// integration files on two shared cores: findBy and waitFor get 5 s instead of Testing Library's 1 s.
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  await loadRuntimeConfig();
  await startI18n('en');
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  localStorage.clear();
  sessionStorage.clear();
  for (const { id } of getToasts()) dismissToast(id);
  forgetEmailDraft();
  const problems = apiStub.takeProblems();
  apiStub.reset();
  expect(problems, 'calls the API stub could not answer').toEqual([]);
});
