// The legal pages' section ids, in order, written out here and not read from the app: a section that goes
// missing or is renamed fails the tests that read them (tests/components/legal-pages.test.tsx, and the browser's
// phone contents in tests/browser/public-pages.test.ts).
export const TERMS_IDS = [
  'general',
  'service',
  'accounts',
  'content',
  'data',
  'payment',
  'refund',
  'intellectual-property',
  'disclaimer',
  'limitation',
  'indemnification',
  'termination',
  'changes',
  'governing-law',
  'hosting',
  'contact',
];

export const PRIVACY_IDS = [
  'data-collected',
  'usage',
  'storage-retention',
  'sharing',
  'your-rights',
  'cookies',
  'email-marketing',
  'children',
  'international-transfers',
  'ai-provider',
  'contact',
];
