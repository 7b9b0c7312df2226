// The Privacy Policy in the page's language. Import only inside `import.meta.env.SSR &&`.
import { useLanguage } from '../../../lib/language.ts';
import { LegalDocument } from '../components/legal-document.tsx';
import { PRIVACY_EN } from './privacy-en.tsx';
import { PRIVACY_FR } from './privacy-fr.tsx';

export function PrivacyDocument() {
  return <LegalDocument text={useLanguage() === 'fr' ? PRIVACY_FR : PRIVACY_EN} />;
}
