// Generated at build time from shared/api-routes.ts and shared/api-schemas.ts by web/vite.config.ts.
declare module 'virtual:api-contract' {
  export const routes: Record<
    string,
    { method: string; path: string; access: 'public' | 'user' | 'admin'; binary: boolean; served: boolean }
  >;
  export const PASSWORD_MIN_LENGTH: number;
  export const PASSWORD_MAX_LENGTH: number;
}

// The operator's identity, read and checked at build time by web/vite.config.ts.
declare module 'virtual:company' {
  export const company: import('../config/company-identity.ts').CompanyConfig;
}
