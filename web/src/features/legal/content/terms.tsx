// The Terms of Service in the page's language. Import only inside `import.meta.env.SSR &&`.
import { useLanguage } from '../../../lib/language.ts';
import { LegalDocument } from '../components/legal-document.tsx';
import { TERMS_EN } from './terms-en.tsx';
import { TERMS_FR } from './terms-fr.tsx';

export function TermsDocument() {
  return <LegalDocument text={useLanguage() === 'fr' ? TERMS_FR : TERMS_EN} />;
}
