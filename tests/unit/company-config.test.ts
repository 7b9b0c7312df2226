// The operator's identity comes from the build's environment (web/src/config/company.ts): all or nothing for
// the four required settings, never a made-up default.
import { describe, expect, it } from 'vitest';
import { readCompanyConfig } from '../../web/src/config/company-identity.ts';

const FULL = {
  VITE_COMPANY_NAME: 'Example Studio SAS',
  VITE_COMPANY_ADDRESS: '1 rue Exemple\\n75000 Paris',
  VITE_COMPANY_REGISTRATION: 'RCS Paris 000 000 000',
  VITE_COMPANY_EMAIL: 'hello@example.test',
};

describe('company configuration', () => {
  it('is complete with the four required settings; the optional ones are shown only when set', () => {
    expect(readCompanyConfig(FULL)).toEqual({
      configured: true,
      identity: {
        name: 'Example Studio SAS',
        address: '1 rue Exemple\n75000 Paris',
        registration: 'RCS Paris 000 000 000',
        email: 'hello@example.test',
        vatNumber: null,
        publicationDirector: null,
      },
    });
    const config = readCompanyConfig({
      ...FULL,
      VITE_COMPANY_VAT: ' FR00000000000 ',
      VITE_COMPANY_DIRECTOR: 'A. Person',
    });
    expect(config.configured && config.identity.vatNumber).toBe('FR00000000000');
    expect(config.configured && config.identity.publicationDirector).toBe('A. Person');
  });

  it('without settings (a local build) is not configured, lists what is missing and has no contact address', () => {
    expect(readCompanyConfig({})).toEqual({
      configured: false,
      missing: [
        'VITE_COMPANY_NAME',
        'VITE_COMPANY_ADDRESS',
        'VITE_COMPANY_REGISTRATION',
        'VITE_COMPANY_EMAIL',
      ],
      email: null,
    });
  });

  it('treats blank values and an invalid email as missing, and keeps a valid email on its own', () => {
    expect(readCompanyConfig({ ...FULL, VITE_COMPANY_NAME: '   ' })).toEqual({
      configured: false,
      missing: ['VITE_COMPANY_NAME'],
      email: 'hello@example.test',
    });
    expect(readCompanyConfig({ ...FULL, VITE_COMPANY_EMAIL: 'not an email' })).toMatchObject({
      configured: false,
      missing: ['VITE_COMPANY_EMAIL'],
      email: null,
    });
  });
});
