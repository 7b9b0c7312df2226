// Behaviour shared by both navbars: the mobile menu (locks page scrolling while open, closes on
// navigation and Escape) and the "scrolled" look after 50 px.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

const NAVBAR_SCROLL_THRESHOLD_PX = 50;

export function useNavMenu() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a path change
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    document.body.classList.add('is-scroll-locked');
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    const wide = window.matchMedia('(min-width: 900px)');
    const onWide = () => wide.matches && setOpen(false);
    window.addEventListener('keydown', onKey);
    wide.addEventListener('change', onWide);
    return () => {
      document.body.classList.remove('is-scroll-locked');
      window.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
    };
  }, [open]);

  return { open, toggle: () => setOpen((o) => !o), close: () => setOpen(false) };
}

export function useScrolledPast(threshold = NAVBAR_SCROLL_THRESHOLD_PX): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}
