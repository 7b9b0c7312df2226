// Generated at build time from shared/api-routes.ts and shared/api-schemas.ts by web/vite.config.ts.
declare module 'virtual:api-contract' {
  export type RouteTable = Record<
    string,
    /** binary: the answer is a file (absent: JSON) */
    { method: string; path: string; access: 'public' | 'user' | 'admin'; binary?: true }
  >;
  /** The routes of sign-in and billing; the app's others are in virtual:api-contract-app (src/lib/app-route-table.ts). */
  export const routes: RouteTable;
  export const PASSWORD_MIN_LENGTH: number;
  export const PASSWORD_MAX_LENGTH: number;
}

declare module 'virtual:api-contract-app' {
  export const routes: import('virtual:api-contract').RouteTable;
}

// The operator's identity, read and checked at build time by web/vite.config.ts.
declare module 'virtual:company' {
  export const company: import('../config/company-identity.ts').CompanyConfig;
}
