// The professional headshot page (spec section 2): prerendered like the landing page, its copy in static
// HTML (content/, never in the JavaScript); in the browser only the carousel of 30 headshots comes alive.
import { StaticContent } from '../../components/static-content.tsx';
import { headshots } from '../../content/illustrations.json';
import { useStrings } from '../../lib/strings.ts';
import { AvatarCarousel } from '../landing/avatar-carousel.tsx';
import { useInAppLinks } from '../landing/use-in-app-links.ts';
import { HeadshotBody, HeadshotTop } from './content/headshot-content.tsx';
import '../landing/landing.css';
import './linkedin-headshot.css';

const STRINGS = {
  en: {
    title: 'AI professional headshots for LinkedIn and your CV | Aivatar',
    description:
      'Upload 3 to 5 selfies and get professional AI headshots in about 30 seconds: 4K files and a 400×400 px export for LinkedIn. 2 free tokens to start.',
    carousel: 'Illustrated professional headshots',
    pause: 'Pause the animation',
  },
  fr: {
    title: 'Portraits professionnels par IA pour LinkedIn et votre CV | Aivatar',
    description:
      'Importez 3 à 5 selfies et recevez des portraits professionnels par IA en 30 secondes environ\u00a0: fichiers 4K et export 400\u00a0×\u00a0400\u00a0px pour LinkedIn. 2 jetons offerts.',
    carousel: 'Portraits professionnels illustrés',
    pause: "Mettre l'animation en pause",
  },
};

export default function LinkedinHeadshotPage() {
  const s = useStrings(STRINGS);
  const links = useInAppLinks<HTMLDivElement>();
  return (
    <div ref={links} className="lp">
      <title>{s.title}</title>
      <meta name="description" content={s.description} />
      <StaticContent id="headshot-top">{import.meta.env.SSR && <HeadshotTop />}</StaticContent>
      <AvatarCarousel
        id="headshots"
        images={import.meta.env.SSR ? headshots : undefined}
        label={s.carousel}
        pauseLabel={s.pause}
      />
      <StaticContent id="headshot-body">{import.meta.env.SSR && <HeadshotBody />}</StaticContent>
    </div>
  );
}
