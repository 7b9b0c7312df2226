// The landing page: prerendered, its copy in static HTML (content/, never in the
// JavaScript). In the browser only the avatar carousel comes alive. A signed-in visitor never sees it:
// main.tsx and the route guard send them to /app.

import { MarketingPage } from '../../components/marketing/marketing-page.tsx';
import { carousel } from '../../content/illustrations.json';
import { HomeBody, HomeTop } from './content/home-content.tsx';
import { LanguageOffer } from './language-offer.tsx';

const STRINGS = {
  en: {
    title: 'Aivatar: AI avatars and headshots from your selfies',
    description:
      'Upload 2 to 5 selfies and get AI avatars and professional headshots in 25+ styles in about 30 seconds. 2 free tokens to start.',
    carousel: 'Illustrated avatars in many styles',
    pause: 'Pause the animation',
  },
  fr: {
    title: 'Aivatar\u00a0: avatars et portraits par IA à partir de vos selfies',
    description:
      'Importez 2 à 5 selfies et recevez des avatars IA et des portraits professionnels dans plus de 25 styles en 30 secondes environ. 2 jetons offerts.',
    carousel: 'Avatars illustrés dans de nombreux styles',
    pause: "Mettre l'animation en pause",
  },
};

export default function HomePage() {
  return (
    <>
      <MarketingPage
        id="home"
        strings={STRINGS}
        top={import.meta.env.SSR && <HomeTop />}
        body={import.meta.env.SSR && <HomeBody />}
        images={import.meta.env.SSR ? carousel : undefined}
      />
      <LanguageOffer />
    </>
  );
}
