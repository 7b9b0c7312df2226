// Links inside prerendered copy (<StaticContent>) are plain <a> elements that React does not own. This
// makes a click on one that points inside the app a router navigation, like a <Link>, instead of a full
// page load; prerendered pages still load as documents (components/document-page.tsx).
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

export function useInAppLinks<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element).closest('a[href]');
      if (!(link instanceof HTMLAnchorElement) || !link.closest('[data-static]')) return;
      if (link.target || link.hasAttribute('download') || link.origin !== window.location.origin) return;
      // An anchor on this page: the browser scrolls to it.
      if (link.pathname === window.location.pathname) return;
      event.preventDefault();
      navigate(`${link.pathname}${link.search}${link.hash}`);
    };
    root.addEventListener('click', onClick);
    return () => root.removeEventListener('click', onClick);
  }, [navigate]);
  return ref;
}
