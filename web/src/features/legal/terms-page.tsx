// /terms-of-service: prerendered; the text is not in the JavaScript.
import { StaticContent } from '../../components/static-content.tsx';
import { useStrings } from '../../lib/strings.ts';
import { TermsDocument } from './content/terms.tsx';
import { TERMS_HEAD } from './legal-strings.ts';
import './legal.css';

export default function TermsPage() {
  const head = useStrings(TERMS_HEAD);
  return (
    <>
      <title>{head.title}</title>
      <meta name="description" content={head.description} />
      <StaticContent id="terms">{import.meta.env.SSR && <TermsDocument />}</StaticContent>
    </>
  );
}
