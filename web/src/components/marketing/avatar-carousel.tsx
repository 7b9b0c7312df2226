// The animated wall of avatars on the marketing pages: a pool of images shown in
// 4 rows of at most 8, shuffled on every load, rows scrolling in alternating directions, each row's items
// tripled so the loop has no seam. The prerendered HTML has the pool's own order; the browser shuffles it
// once hydrated (same sizes, so nothing moves). The pool itself is not in the JavaScript: the prerendered
// HTML carries it (data-pool), like the page's copy. Motion stops for visitors who prefer reduced motion,
// on hover, and with the pause button (WCAG 2.2.2).
import { useEffect, useState } from 'react';
import './avatar-carousel.css';

export interface CarouselImage {
  src: string;
  width: number;
  height: number;
}

const CAROUSEL_ROWS = 4;
const CAROUSEL_ROW_MAX = 8;
/** Each row is its items three times over: the track moves by one third, which looks the same. */
const COPIES = 3;
/** Seconds for one item to scroll past: every row moves at the same speed, whatever its length. */
const SECONDS_PER_ITEM = 5;

/** The first 32 images in 4 rows as even as possible (33 → 8 8 8 8, 30 → 8 8 7 7). */
function carouselRows<T>(images: readonly T[]): T[][] {
  const shown = images.slice(0, CAROUSEL_ROWS * CAROUSEL_ROW_MAX);
  const rows: T[][] = [];
  let start = 0;
  for (let left = CAROUSEL_ROWS; left > 0; left--) {
    const size = Math.ceil((shown.length - start) / left);
    if (size > 0) rows.push(shown.slice(start, start + size));
    start += size;
  }
  return rows;
}

/** Fisher-Yates: every order equally likely. */
function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** The pool as the prerendered HTML lists it. */
function prerenderedPool(id: string): CarouselImage[] {
  const json = document.querySelector(`[data-carousel="${CSS.escape(id)}"]`)?.getAttribute('data-pool');
  return json ? (JSON.parse(json) as CarouselImage[]) : [];
}

interface AvatarCarouselProps {
  /** unique on the page */
  id: string;
  /** The pool, given while prerendering only (`import.meta.env.SSR ? images : undefined`). */
  images: readonly CarouselImage[] | undefined;
  /** Names the region for screen readers; the images themselves are decorative. */
  label: string;
  pauseLabel: string;
}

export function AvatarCarousel({ id, images, label, pauseLabel }: AvatarCarouselProps) {
  const [pool] = useState(() =>
    (images ?? prerenderedPool(id)).map(({ src, width, height }) => ({ src, width, height })),
  );
  // The first render matches the prerendered HTML; the shuffle comes right after hydration.
  const [order, setOrder] = useState<{ images: readonly CarouselImage[]; shuffled: boolean }>({
    images: pool,
    shuffled: false,
  });
  const [paused, setPaused] = useState(false);
  useEffect(() => setOrder({ images: shuffled(pool), shuffled: true }), [pool]);

  return (
    <section
      className={`carousel${paused ? ' carousel--paused' : ''}`}
      aria-label={label}
      data-carousel={id}
      data-pool={JSON.stringify(pool)}
      data-shuffled={order.shuffled || undefined}
    >
      <button
        type="button"
        className="carousel__toggle"
        aria-pressed={paused}
        onClick={() => setPaused((p) => !p)}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          {paused ? <path d="M8 5v14l11-7z" /> : <path d="M7 5h3.5v14H7zm6.5 0H17v14h-3.5z" />}
        </svg>
        <span className="visually-hidden">{pauseLabel}</span>
      </button>
      <div className="carousel__rows" aria-hidden="true">
        {carouselRows(order.images).map((row, r) => (
          <div
            // Rows are positions, not items: the shuffle only changes which image each slot shows.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={r}
            className={`carousel__track carousel__track--${r % 2 === 0 ? 'left' : 'right'}`}
            style={{ animationDuration: `${row.length * SECONDS_PER_ITEM}s` }}
            data-row={r}
          >
            {Array.from({ length: COPIES }, (_, copy) =>
              row.map((image, i) => (
                <img
                  // biome-ignore lint/suspicious/noArrayIndexKey: slots, not items (see the row's key)
                  key={`${copy}-${i}`}
                  className="carousel__item"
                  src={image.src}
                  width={image.width}
                  height={image.height}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
              )),
            )}
          </div>
        ))}
      </div>
    </section>
  );
}
