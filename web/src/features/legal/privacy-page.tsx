// /privacy-policy: prerendered; the text is not in the JavaScript.
import { StaticContent } from '../../components/static-content.tsx';
import { useStrings } from '../../lib/strings.ts';
import { PrivacyDocument } from './content/privacy.tsx';
import { PRIVACY_HEAD } from './legal-strings.ts';
import './legal.css';

export default function PrivacyPage() {
  const head = useStrings(PRIVACY_HEAD);
  return (
    <>
      <title>{head.title}</title>
      <meta name="description" content={head.description} />
      <StaticContent id="privacy">{import.meta.env.SSR && <PrivacyDocument />}</StaticContent>
    </>
  );
}
