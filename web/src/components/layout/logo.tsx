import { useId } from 'react';
import { Link } from 'react-router';
import './logo.css';

/** The brand mark and word, linking home. */
export function Logo({ to, label = 'Aivatar' }: { to: string; label?: string }) {
  const gradient = useId();
  return (
    <Link to={to} className="logo" aria-label={label}>
      <svg className="logo__mark" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#8b5cf6" />
            <stop offset="1" stopColor="#4f46e5" />
          </linearGradient>
        </defs>
        <rect width="64" height="64" rx="18" fill={`url(#${gradient})`} />
        <circle cx="32" cy="25" r="10" fill="#fff" />
        <path d="M14 52c2.5-10 9.5-15 18-15s15.5 5 18 15" fill="#fff" />
        <path d="M49 8l1.8 4.2L55 14l-4.2 1.8L49 20l-1.8-4.2L43 14l4.2-1.8z" fill="#fde68a" />
      </svg>
      <span className="logo__word">Aivatar</span>
    </Link>
  );
}
