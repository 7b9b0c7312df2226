// The operator's identity for this build (see company-identity.ts): read from the build's environment and
// checked when the app is built (web/vite.config.ts), so pages carry only the result.
import { company as built } from 'virtual:company';
import type { CompanyConfig } from './company-identity.ts';

export type { CompanyConfig, CompanyIdentity } from './company-identity.ts';

export const company: CompanyConfig = built;

/** The contact address, when one is configured (the footer's mail link). */
export const contactEmail: string | null = company.configured ? company.identity.email : company.email;
