// The professional headshot page: prerendered like the landing page, its copy in static
// HTML (content/, never in the JavaScript); in the browser only the carousel of 30 headshots comes alive.

import { MarketingPage } from '../../components/marketing/marketing-page.tsx';
import { headshots } from '../../content/illustrations.json';
import { HeadshotBody, HeadshotTop } from './content/headshot-content.tsx';
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
  return (
    <MarketingPage
      id="headshots"
      strings={STRINGS}
      top={import.meta.env.SSR && <HeadshotTop />}
      body={import.meta.env.SSR && <HeadshotBody />}
      images={import.meta.env.SSR ? headshots : undefined}
    />
  );
}
