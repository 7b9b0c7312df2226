// The operator's identity for this build (see company-identity.ts): read from the build's environment.
import { type CompanyConfig, readCompanyConfig } from './company-identity.ts';

export type { CompanyConfig, CompanyIdentity } from './company-identity.ts';

// Each variable is read by its full name: that is what Vite replaces at build time.
export const company: CompanyConfig = readCompanyConfig({
  VITE_COMPANY_NAME: import.meta.env.VITE_COMPANY_NAME,
  VITE_COMPANY_ADDRESS: import.meta.env.VITE_COMPANY_ADDRESS,
  VITE_COMPANY_REGISTRATION: import.meta.env.VITE_COMPANY_REGISTRATION,
  VITE_COMPANY_EMAIL: import.meta.env.VITE_COMPANY_EMAIL,
  VITE_COMPANY_VAT: import.meta.env.VITE_COMPANY_VAT,
  VITE_COMPANY_DIRECTOR: import.meta.env.VITE_COMPANY_DIRECTOR,
});

/** The contact address, when one is configured (the footer's mail link). */
export const contactEmail: string | null = company.configured ? company.identity.email : company.email;
