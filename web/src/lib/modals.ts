/** The other modals of the spec's precedence (max usernames, not enough Top-Ups, announcement). */
export function anotherModalOpen(doc: Document = document): boolean {
  return doc.querySelector('.modal.show') !== null;
}

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

/** The modal on top (the last one shown), if any. */
export function topModal(doc: Document = document): HTMLElement | null {
  const open = doc.querySelectorAll<HTMLElement>('.modal.show[aria-modal="true"]');
  return open.length ? open[open.length - 1] : null;
}

/** What Tab can reach inside `root`, in order (hidden and disabled controls left out). */
export function tabStops(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden',
  );
}

/**
 * Tab and Shift+Tab go round inside the open modal, every modal of the app at once. React-Bootstrap
 * pulls focus back only once it lands on the page behind: from a modal's last control, Tab first
 * leaves for the browser's own toolbar, and a keyboard user is out of the dialog. Returns the
 * function that removes the trap.
 */
export function trapTabInModals(doc: Document = document): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || event.defaultPrevented) return;
    const modal = topModal(doc);
    if (!modal) return;
    const stops = tabStops(modal);
    const active = doc.activeElement;
    const inside = !!active && modal.contains(active);
    if (stops.length === 0) {
      event.preventDefault();
      modal.focus();
      return;
    }
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (event.shiftKey && (!inside || active === first || active === modal)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (!inside || active === last)) {
      event.preventDefault();
      first.focus();
    }
  };
  doc.addEventListener('keydown', onKeyDown);
  return () => doc.removeEventListener('keydown', onKeyDown);
}
