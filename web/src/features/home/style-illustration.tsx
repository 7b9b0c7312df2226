// A drawn illustration of style families (not generated results): four portrait cards, each in its
// own palette, around one silhouette.
const PALETTES = [
  { bg: ['#1e293b', '#475569'], skin: '#f1c8a5', hair: '#3f2a1d', cloth: '#0f172a', accent: '#e2e8f0' },
  { bg: ['#7c3aed', '#db2777'], skin: '#f5d0b9', hair: '#fde68a', cloth: '#4c1d95', accent: '#fbcfe8' },
  { bg: ['#38bdf8', '#818cf8'], skin: '#ffe4d6', hair: '#1e3a8a', cloth: '#f472b6', accent: '#e0f2fe' },
  { bg: ['#f59e0b', '#b45309'], skin: '#e8b48f', hair: '#7c2d12', cloth: '#365314', accent: '#fef3c7' },
] as const;

function Portrait({ index }: { index: number }) {
  const p = PALETTES[index % PALETTES.length] as (typeof PALETTES)[number];
  const id = `portrait-${index}`;
  return (
    <svg viewBox="0 0 120 150" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={p.bg[0]} />
          <stop offset="1" stopColor={p.bg[1]} />
        </linearGradient>
      </defs>
      <rect width="120" height="150" fill={`url(#${id})`} />
      <circle cx="96" cy="24" r="10" fill={p.accent} opacity="0.35" />
      <circle cx="18" cy="40" r="5" fill={p.accent} opacity="0.3" />
      <path d="M18 150c4-30 22-44 42-44s38 14 42 44z" fill={p.cloth} />
      <rect x="52" y="88" width="16" height="20" rx="6" fill={p.skin} />
      <ellipse cx="60" cy="68" rx="22" ry="26" fill={p.skin} />
      <path d="M36 66c-2-22 10-34 25-34 16 0 27 12 24 34-5-10-13-16-24-16-12 0-20 6-25 16z" fill={p.hair} />
    </svg>
  );
}

export function StyleIllustration({ label, styles }: { label: string; styles: string[] }) {
  return (
    <div className="illustration" role="img" aria-label={label}>
      {styles.map((name, i) => (
        <div key={name} className={`illustration__card illustration__card--${i + 1}`}>
          <Portrait index={i} />
          <span className="illustration__label">{name}</span>
        </div>
      ))}
    </div>
  );
}
