// The landing page (spec section 2): prerendered, its copy in static HTML (content/, never in the
// JavaScript). In the browser only the avatar carousel comes alive. A signed-in visitor never sees it:
// main.tsx and the route guard send them to /app.

import { StaticContent } from '../../components/static-content.tsx';
import { carousel } from '../../content/illustrations.json';
import { useStrings } from '../../lib/strings.ts';
import { AvatarCarousel } from '../landing/avatar-carousel.tsx';
import { useInAppLinks } from '../landing/use-in-app-links.ts';
import { HomeBody, HomeTop } from './content/home-content.tsx';
import '../landing/landing.css';

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
  const s = useStrings(STRINGS);
  const links = useInAppLinks<HTMLDivElement>();
  return (
    <div ref={links} className="lp">
      <title>{s.title}</title>
      <meta name="description" content={s.description} />
      <StaticContent id="home-top">{import.meta.env.SSR && <HomeTop />}</StaticContent>
      <AvatarCarousel
        id="home"
        images={import.meta.env.SSR ? carousel : undefined}
        label={s.carousel}
        pauseLabel={s.pause}
      />
      <StaticContent id="home-body">{import.meta.env.SSR && <HomeBody />}</StaticContent>
    </div>
  );
}
