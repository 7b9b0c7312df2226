// Which module renders each built page of shared/web-routes.ts, as a path under web/src. Read by the SPA's
// lazy loader (lib/page-chunks.ts) and by the prerenderer (web/scripts/prerender.ts), which links each
// prerendered page's files from the build manifest. Plain data: Node imports it as well as the browser.
import type { PageId } from '#shared/web-routes.ts';

export const PAGE_MODULES: Record<PageId, string> = {
  home: 'features/home/home-page.tsx',
  linkedinHeadshot: 'features/linkedin-headshot/linkedin-headshot-page.tsx',
  login: 'features/auth/login-page.tsx',
  signup: 'features/auth/signup-page.tsx',
  loginWithToken: 'features/auth/login-with-token-page.tsx',
  appAccount: 'features/account/account-page.tsx',
  appUpload: 'features/photos/photos-page.tsx',
  appCreate: 'features/create/create-page.tsx',
  appGallery: 'features/gallery/gallery-page.tsx',
  appTeam: 'features/team/team-page.tsx',
  pricing: 'features/pricing/pricing-page.tsx',
  terms: 'features/legal/terms-page.tsx',
  privacy: 'features/legal/privacy-page.tsx',
  adminStyles: 'features/admin/admin-styles-page.tsx',
  capture: 'features/capture/capture-page.tsx',
};
