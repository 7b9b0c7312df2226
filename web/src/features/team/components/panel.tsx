// A card of the Team screen: an icon, a title (the section's name for screen readers) and its content.
import type { ReactNode } from 'react';

export function TeamPanel({
  id,
  icon,
  title,
  hint,
  children,
  actions,
  className = '',
}: {
  id: string;
  icon: ReactNode;
  title: string;
  hint?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <section
      className={`card panel-card team-panel ${className}`}
      aria-labelledby={`${id}-title`}
      data-testid={id}
    >
      <header className="team-panel__header">
        <span className="panel-card__icon">{icon}</span>
        <div className="team-panel__heading">
          <h2 id={`${id}-title`}>{title}</h2>
          {hint && <p className="muted">{hint}</p>}
        </div>
        {actions && <div className="team-panel__actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

/** Company email domains as typed: commas, semicolons, spaces or new lines between them. */
export const splitList = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
