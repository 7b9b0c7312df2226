// The frame of the prerendered marketing pages (landing, headshot page): head, static copy above and below,
// and the avatar carousel, the only part that comes alive in the browser.
import type { ReactNode } from 'react';
import { type Localized, useStrings } from '../../lib/strings.ts';
import { StaticContent } from '../static-content.tsx';
import { AvatarCarousel, type CarouselImage } from './avatar-carousel.tsx';
import { useInAppLinks } from './use-in-app-links.ts';
import './landing.css';

interface MarketingStrings {
  title: string;
  description: string;
  carousel: string;
  pause: string;
}

interface MarketingPageProps {
  id: string;
  strings: Localized<MarketingStrings>;
  /** Pass `import.meta.env.SSR && <Copy />`, and `import.meta.env.SSR ? images : undefined`: the browser build drops them. */
  top: ReactNode;
  body: ReactNode;
  images: readonly CarouselImage[] | undefined;
}

export function MarketingPage({ id, strings, top, body, images }: MarketingPageProps) {
  const s = useStrings(strings);
  const links = useInAppLinks<HTMLDivElement>();
  return (
    <div ref={links} className="lp">
      <title>{s.title}</title>
      <meta name="description" content={s.description} />
      <StaticContent id={`${id}-top`}>{top}</StaticContent>
      <AvatarCarousel id={id} images={images} label={s.carousel} pauseLabel={s.pause} />
      <StaticContent id={`${id}-body`}>{body}</StaticContent>
    </div>
  );
}
