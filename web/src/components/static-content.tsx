// Copy that only exists in prerendered HTML. When pages are prerendered, `children` are rendered to HTML;
// in the browser this component keeps that HTML as it is, so the copy (and its translations) never ships
// in the JavaScript. Pass the children as `{import.meta.env.SSR && <Copy />}`: the browser build drops them.
import { type ReactNode, useState } from 'react';

interface StaticContentProps {
  /** unique on the page */
  id: string;
  className?: string;
  as?: 'div' | 'section';
  children?: ReactNode;
}

export function StaticContent({ id, className, as: Tag = 'div', children }: StaticContentProps) {
  if (import.meta.env.SSR) {
    return (
      <Tag data-static={id} className={className}>
        {children}
      </Tag>
    );
  }
  return <BrowserStaticContent id={id} className={className} Tag={Tag} />;
}

function BrowserStaticContent({
  id,
  className,
  Tag,
}: {
  id: string;
  className?: string | undefined;
  Tag: 'div' | 'section';
}) {
  // Read once, while React hydrates the prerendered document and before it touches anything.
  const [html] = useState(() => document.querySelector(`[data-static="${CSS.escape(id)}"]`)?.innerHTML ?? '');
  return (
    <Tag
      data-static={id}
      className={className}
      dangerouslySetInnerHTML={{ __html: html }}
      suppressHydrationWarning
    />
  );
}
