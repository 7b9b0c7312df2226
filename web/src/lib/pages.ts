import { type PageId, webPages } from '../../../shared/web-routes.ts';

/** Links and menus only point at pages that exist (webPages' `built` flag). */
export const isPageBuilt = (id: PageId): boolean => webPages.some((p) => p.id === id && p.built);
