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

// Every block's HTML, read once when the app starts, before React hydrates anything. Reading the live DOM
// later is not enough: when the session changes while a page is still hydrating (a signed-in visitor), React
// drops the page's server HTML and renders it again in the browser, and by then the blocks are gone.
const prerendered = new Map<string, string>();
if (!import.meta.env.SSR && typeof document !== 'undefined') {
  for (const block of document.querySelectorAll('[data-static]')) {
    prerendered.set(block.getAttribute('data-static') ?? '', block.innerHTML);
  }
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
  const [html] = useState(
    () => prerendered.get(id) ?? document.querySelector(`[data-static="${CSS.escape(id)}"]`)?.innerHTML ?? '',
  );
  return (
    <Tag
      data-static={id}
      className={className}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is the page's own prerendered markup, read back from this document
      dangerouslySetInnerHTML={{ __html: html }}
      suppressHydrationWarning
    />
  );
}
