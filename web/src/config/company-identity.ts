// Who operates the site: the legal identity the terms, the privacy policy and the footer show. It comes from
// the build's environment (Vite inlines `import.meta.env.VITE_*` in the browser and prerendering builds),
// never from made-up defaults: a build without it says so on the legal pages (docs/operations.md, Deploy).

import { parseEmailAddress } from '#shared/email-address.ts';

declare global {
  interface ImportMetaEnv {
    readonly VITE_COMPANY_NAME?: string;
    readonly VITE_COMPANY_ADDRESS?: string;
    readonly VITE_COMPANY_REGISTRATION?: string;
    readonly VITE_COMPANY_EMAIL?: string;
    readonly VITE_COMPANY_VAT?: string;
    readonly VITE_COMPANY_DIRECTOR?: string;
  }
}

export interface CompanyIdentity {
  /** Legal name, e.g. "Aivatar SAS". */
  name: string;
  /** Registered postal address, one line or several separated by newlines. */
  address: string;
  /** Company registration number (e.g. RCS / SIREN, Companies House number). */
  registration: string;
  /** Where users write to: the footer's contact link and the legal pages' contact sections. */
  email: string;
  vatNumber: string | null;
  publicationDirector: string | null;
}

/** The variables a real deployment must set, each with the field it fills. */
const REQUIRED_COMPANY_VARIABLES = {
  name: 'VITE_COMPANY_NAME',
  address: 'VITE_COMPANY_ADDRESS',
  registration: 'VITE_COMPANY_REGISTRATION',
  email: 'VITE_COMPANY_EMAIL',
} as const;

type CompanyEnv = Partial<Record<string, string | undefined>>;

export type CompanyConfig =
  | { configured: true; identity: CompanyIdentity }
  /** `missing`: the variables still to set (all of them in a local build). */
  | { configured: false; missing: string[]; email: string | null };

function text(value: string | undefined): string | null {
  // A `\n` typed into a one-line variable (a CI secret, a shell export) still breaks the address.
  const trimmed = value?.replace(/\\n/g, '\n').trim();
  return trimmed ? trimmed : null;
}

/** Reads the identity from environment variables; an invalid email counts as missing. */
export function readCompanyConfig(env: CompanyEnv): CompanyConfig {
  const values = {
    name: text(env.VITE_COMPANY_NAME),
    address: text(env.VITE_COMPANY_ADDRESS),
    registration: text(env.VITE_COMPANY_REGISTRATION),
    email: text(env.VITE_COMPANY_EMAIL),
  };
  if (values.email) values.email = parseEmailAddress(values.email);
  const missing = (Object.keys(REQUIRED_COMPANY_VARIABLES) as (keyof typeof values)[])
    .filter((field) => values[field] === null)
    .map((field) => REQUIRED_COMPANY_VARIABLES[field]);
  const { name, address, registration, email } = values;
  if (name === null || address === null || registration === null || email === null) {
    return { configured: false, missing, email };
  }
  return {
    configured: true,
    identity: {
      name,
      address,
      registration,
      email,
      vatNumber: text(env.VITE_COMPANY_VAT),
      publicationDirector: text(env.VITE_COMPANY_DIRECTOR),
    },
  };
}
