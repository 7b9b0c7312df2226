// The upload's summary on Manage Photos (features/photos/components/upload-status.tsx): how many photos were
// kept, and for the refused ones each reason with its count, so photos refused by the face check are not
// called "not valid images". English and French.
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Rejection } from '#shared/api-schemas.ts';
import { UploadStatus } from '../../web/src/features/photos/components/upload-status.tsx';
import { switchLanguage } from '../../web/src/lib/i18n.ts';

const refused = (name: string, reason: Rejection['reason']): Rejection => ({ name, reason, message: '' });

/** 2 kept; 5 refused: 1 not an image, 2 with no face, 1 too small, and 1 that never reached storage. */
const REPORT = {
  uploaded: 2,
  rejections: [
    refused('notes.jpg', 'not-an-image'),
    refused('back.jpg', 'no-face'),
    refused('tiny.jpg', 'too-small'),
    refused('hat.jpg', 'no-face'),
  ],
  failed: ['lost.jpg'],
};

const EXPECTED = {
  en: 'Uploaded: 2. Rejected: 5 (not a valid image: 1, too small: 1, did not arrive: 1, no face found: 2).',
  fr: 'Importées\u00a0: 2. Refusées\u00a0: 5 (image non valide\u00a0: 1, trop petite\u00a0: 1, non arrivée\u00a0: 1, aucun visage détecté\u00a0: 2).',
} as const;

describe('the upload summary says each reason with its count', () => {
  // The screen's strings wait for the app's (started by the set-up): loaded once those are.
  beforeAll(() => import('../../web/src/features/photos/strings.ts'));

  for (const lang of ['en', 'fr'] as const) {
    test(`photos refused by the face check are not called invalid images (${lang})`, async () => {
      await switchLanguage(lang);
      render(<UploadStatus consentMessage={null} waiting={0} progress={null} report={REPORT} error={null} />);
      expect(screen.getByTestId('rejected-message').textContent).toBe(EXPECTED[lang]);
    });
  }

  test('one reason alone reads the same way', async () => {
    await switchLanguage('en');
    const report = { uploaded: 3, rejections: [refused('notes.jpg', 'not-an-image')], failed: [] };
    render(<UploadStatus consentMessage={null} waiting={0} progress={null} report={report} error={null} />);
    expect(screen.getByTestId('rejected-message').textContent).toBe(
      'Uploaded: 3. Rejected: 1 (not a valid image: 1).',
    );
  });
});
