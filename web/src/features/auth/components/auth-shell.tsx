import type { ReactNode } from 'react';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import './auth.css';

interface AuthShellProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
  aside: { title: string; text?: string; points: string[] };
}

/** The sign-in screens: the form card, and a brand panel beside it (below it on phones). */
export function AuthShell({ title, subtitle, children, footer, aside }: AuthShellProps) {
  return (
    <div className="container auth">
      <section className="auth__card card" aria-labelledby="auth-title">
        <header className="auth__header">
          <h1 id="auth-title">{title}</h1>
          {subtitle && <p className="muted">{subtitle}</p>}
        </header>
        {children}
        {footer && <footer className="auth__footer">{footer}</footer>}
      </section>
      <aside className="auth__aside">
        <div className="auth__aside-glow" aria-hidden="true" />
        <h2>{aside.title}</h2>
        {aside.text && <p>{aside.text}</p>}
        <ul>
          {aside.points.map((point) => (
            <li key={point}>
              <span className="auth__check">
                <CheckIcon />
              </span>
              {point}
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}

export function OrDivider({ label }: { label: string }) {
  return (
    <div className="auth__divider">
      <span>{label}</span>
    </div>
  );
}
