// The English landing page offers French to a browser whose language is French: once,
// in French, as a bar at the foot of the screen with a link to /fr and a way to say no. No redirect: the
// language still comes from the address only, crawlers and anyone who chose English keep
// the page they asked for, and the prerendered HTML never holds the offer. Answered (followed or closed),
// it is not made again in this browser.
import { useEffect, useState } from 'react';
import { CloseIcon } from '../../components/ui/icons.tsx';
import { useLanguage } from '../../lib/language.ts';

const ANSWERED = 'languageOffer';

// In French only: it is read by French readers on an English page.
const COPY = { text: 'Aivatar existe aussi en français.', action: 'Voir en français', close: 'Fermer' };

/** The first of the browser's languages that the site has is French. */
const prefersFrench = () => navigator.languages.find((l) => /^(en|fr)\b/i.test(l))?.slice(0, 2) === 'fr';

const remember = () => {
  try {
    localStorage.setItem(ANSWERED, '1');
  } catch {}
};

export function LanguageOffer() {
  const english = useLanguage() === 'en';
  const [shown, setShown] = useState(false);
  useEffect(() => {
    try {
      setShown(english && prefersFrench() && !localStorage.getItem(ANSWERED));
    } catch {}
  }, [english]);
  if (!shown) return null;
  return (
    <section className="language-offer" lang="fr" aria-label={COPY.text}>
      <p>{COPY.text}</p>
      <a href="/fr" hrefLang="fr" onClick={remember}>
        {COPY.action}
      </a>
      <button
        type="button"
        aria-label={COPY.close}
        onClick={() => {
          remember();
          setShown(false);
        }}
      >
        <CloseIcon />
      </button>
    </section>
  );
}
