// The pictures of the backdrops and outfits: small drawings in the colours the preview renderer
// paints (shared/style-choices.ts), so the swatch shows what the avatar will show.
import { useId } from 'react';
import { BACKDROP_LOOKS, type BackdropId, OUTFIT_LOOKS, type OutfitId } from '#shared/style-choices.ts';

const pick = (colors: string[], i: number) => colors[Math.min(i, colors.length - 1)] as string;

export function BackdropSwatch({ id }: { id: BackdropId }) {
  const uid = useId().replace(/:/g, '');
  const { kind, colors } = BACKDROP_LOOKS[id];
  const [c0, c1, c2, c3] = [0, 1, 2, 3].map((i) => pick(colors, i));
  let body: React.ReactNode;
  switch (kind) {
    case 'studio':
      body = (
        <>
          <defs>
            <radialGradient id={uid} cx="0.5" cy="0.4" r="0.7">
              <stop offset="0" stopColor={c1} />
              <stop offset="1" stopColor={c0} />
            </radialGradient>
          </defs>
          <rect width="60" height="40" fill={`url(#${uid})`} />
        </>
      );
      break;
    case 'bokeh':
      body = (
        <>
          <defs>
            <linearGradient id={uid} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor={c1} />
              <stop offset="1" stopColor={c0} />
            </linearGradient>
          </defs>
          <rect width="60" height="40" fill={`url(#${uid})`} />
          <circle cx="12" cy="10" r="7" fill={c2} opacity="0.55" />
          <circle cx="44" cy="8" r="5" fill={c3} opacity="0.6" />
          <circle cx="30" cy="22" r="9" fill={c2} opacity="0.35" />
          <circle cx="52" cy="28" r="6" fill={c3} opacity="0.45" />
        </>
      );
      break;
    case 'skyline':
      body = (
        <>
          <defs>
            <linearGradient id={uid} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor={c3} />
              <stop offset="0.8" stopColor={c1} />
            </linearGradient>
          </defs>
          <rect width="60" height="40" fill={`url(#${uid})`} />
          <path d="M0 40V20h7v-6h6v26h3V16h8v24h3V10h7v30h4V22h6v-8h5v26h4v-14h7v14Z" fill={c0} />
          <g fill={c2}>
            <rect x="3" y="24" width="2" height="2" />
            <rect x="19" y="20" width="2" height="2" />
            <rect x="19" y="28" width="2" height="2" />
            <rect x="30" y="14" width="2" height="2" />
            <rect x="33" y="22" width="2" height="2" />
            <rect x="45" y="18" width="2" height="2" />
            <rect x="55" y="30" width="2" height="2" />
          </g>
        </>
      );
      break;
    case 'brick':
      body = (
        <>
          <rect width="60" height="40" fill={c1} />
          {[0, 1, 2, 3, 4].map((row) =>
            [0, 1, 2, 3, 4].map((col) => (
              <rect
                key={`${row}-${col}`}
                x={col * 16 - (row % 2 ? 8 : 0) + 0.8}
                y={row * 8 + 0.8}
                width="14.4"
                height="6.4"
                fill={(row + col) % 3 === 0 ? c2 : c0}
              />
            )),
          )}
        </>
      );
      break;
    case 'solid':
      body = <rect width="60" height="40" fill={c0} />;
      break;
  }
  return (
    <svg
      className="choice-swatch"
      viewBox="0 0 60 40"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      {body}
    </svg>
  );
}

export function OutfitSwatch({ id }: { id: OutfitId }) {
  const look = OUTFIT_LOOKS[id];
  if (!look)
    // "Keep mine": the person's own clothes, drawn as an outline.
    return (
      <svg className="choice-swatch" viewBox="0 0 60 40" aria-hidden="true" focusable="false">
        <rect width="60" height="40" fill="var(--color-surface-muted, #f1f5f9)" />
        <path
          d="M24 8h12l3 4 10 5-3 8-5-2v13H19V23l-5 2-3-8 10-5Z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeDasharray="3 2"
          strokeLinejoin="round"
        />
      </svg>
    );
  const [main, second = '#ffffff', third = '#7f1d1d'] = look.colors as [string, ...string[]];
  const body = 'M24 8 13 13l-4 27h42l-4-27-11-5Z';
  return (
    <svg className="choice-swatch" viewBox="0 0 60 40" aria-hidden="true" focusable="false">
      <rect width="60" height="40" fill="var(--color-surface-muted, #f1f5f9)" />
      <path d={body} fill={main} />
      {(look.kind === 'suit' || look.kind === 'blazer') && (
        <>
          <path d="M24 8h12l-6 18Z" fill={second} />
          {look.kind === 'suit' && <path d="M29 11h2l1.5 12-2.5 3-2.5-3Z" fill={third} />}
          <path d="M24 8 30 26M36 8 30 26" stroke="rgb(0 0 0 / 0.35)" strokeWidth="1.2" fill="none" />
        </>
      )}
      {look.kind === 'knit' && (
        <>
          <path d="M25 8 30 13 35 8Z" fill={second} />
          <path d="M23 8q7 9 14 0" stroke="rgb(0 0 0 / 0.3)" strokeWidth="1.6" fill="none" />
        </>
      )}
      {look.kind === 'shirt' && (
        <>
          <path d="M30 14v26" stroke={second} strokeWidth="1.2" />
          <path d="M23 7 30 14 26 16ZM37 7 30 14 34 16Z" fill={main} stroke={second} strokeWidth="1" />
          <circle cx="31.5" cy="20" r="0.9" fill={second} />
          <circle cx="31.5" cy="27" r="0.9" fill={second} />
          <circle cx="31.5" cy="34" r="0.9" fill={second} />
        </>
      )}
    </svg>
  );
}
