import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { anotherModalOpen } from '@/lib/modals';
import { throttle } from '@/lib/throttle';

export const NARROW_BREAKPOINT = 992;
/** How far the page must scroll while the menu is open before it closes. */
export const SCROLL_CLOSE_PX = 48;

/**
 * The navbar menu on narrow screens closes on route change, outside click, and scroll (spec §2).
 */
export function useCollapsibleNav() {
  const [expanded, setExpanded] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the point of a route change.
  useEffect(() => {
    setExpanded(false);
  }, [location.pathname, location.search]);

  useEffect(() => {
    if (!expanded) return;
    // Whether the reader is moving with the keyboard (the last input was a key, not a pointer).
    let keyboard = false;
    const onPointer = (event: MouseEvent | TouchEvent) => {
      keyboard = false;
      if (ref.current && !ref.current.contains(event.target as Node)) setExpanded(false);
    };
    // Only a real scroll of the page closes it: opening the menu, its animation or a tap that the
    // browser nudges into view can move the page by a few pixels, and that must not shut it again.
    const openedAt = window.scrollY;
    const onScroll = throttle(() => {
      // Moving through the menu with the keyboard scrolls the focused item into view: not a leave.
      const active = document.activeElement;
      if (keyboard && ref.current && active && ref.current.contains(active)) return;
      const moved = Math.abs(window.scrollY - openedAt) > SCROLL_CLOSE_PX;
      if (moved && window.innerWidth < NARROW_BREAKPOINT) setExpanded(false);
    }, 100);
    // Escape folds the menu and puts focus back on its button (a disclosure, as on a keyboard).
    // An open dropdown inside closes first, on its own Escape: read in the capture phase, before
    // the dropdown's own handler has closed it.
    const onKey = (event: KeyboardEvent) => {
      keyboard = true;
      if (event.key !== 'Escape' || anotherModalOpen()) return;
      const nav = ref.current;
      if (nav?.querySelector('.dropdown-menu.show')) return;
      setExpanded(false);
      const active = document.activeElement;
      if (nav && active && nav.contains(active)) {
        nav.querySelector<HTMLElement>('.navbar-toggler')?.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
      window.removeEventListener('scroll', onScroll);
      onScroll.cancel();
    };
  }, [expanded]);

  return { expanded, setExpanded, ref };
}
