import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';

/**
 * A modal dialog in Bootstrap's markup (`.modal`, `.modal-dialog`, `.modal-backdrop`), without
 * React-Bootstrap: the age gate shows on a visitor's first page, so it must not bring a modal
 * library with it. Everything ui.md asks of a modal is here or in lib/modals: focus moves into the
 * dialog when it opens and goes back where it was when it closes, Tab and Shift+Tab stay inside
 * (`trapTabInModals`, for every `.modal.show[aria-modal]`), focus that lands behind it (a click on
 * the backdrop) is brought back, the page behind does not scroll, and Escape or a click on the
 * backdrop calls `onEscape` (left out by the age gate, which needs an answer).
 */
export function Dialog({
  show,
  labelledBy,
  onEscape,
  className = '',
  dialogClassName = '',
  backdropClassName = '',
  testId,
  children,
}: {
  show: boolean;
  /** The id of the dialog's title. */
  labelledBy: string;
  onEscape?: () => void;
  className?: string;
  /** Classes of `.modal-dialog` (`modal-dialog-centered`, `modal-dialog-scrollable`...). */
  dialogClassName?: string;
  backdropClassName?: string;
  testId?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const onEscapeRef = useRef(onEscape);
  onEscapeRef.current = onEscape;

  // The page behind stops scrolling in the same frame as the dialog appears (a layout effect runs
  // before that frame's style is computed). Done after the paint, as an effect, it restyled the
  // page a second time (the body's overflow reaches the viewport) in the task that then moved the
  // focus: 35-50 ms more of a phone's main thread when the age gate opens on a first visit.
  useLayoutEffect(() => {
    if (!show) return;
    const body = document.body;
    body.classList.add('modal-open');
    // The scrollbar's room stays (app.css: scrollbar-gutter), so the page behind does not move.
    body.style.overflow = 'hidden';
    return () => {
      // The dialog has left the page by now: another modal still open keeps the page still.
      if (!document.querySelector('.modal.show[aria-modal="true"]')) {
        body.classList.remove('modal-open');
        body.style.overflow = '';
      }
    };
  }, [show]);

  useEffect(() => {
    if (!show) return;
    const before = document.activeElement as HTMLElement | null;
    // The dialog covers the screen: nothing to scroll into view, so no layout to wait for.
    box.current?.focus({ preventScroll: true });

    const onFocusIn = (event: FocusEvent) => {
      const dialog = box.current;
      const target = event.target as Node;
      // Another dialog on top (opened later) keeps its own focus.
      const top = document.querySelectorAll('.modal.show[aria-modal="true"]');
      if (dialog && !dialog.contains(target) && top[top.length - 1] === dialog) dialog.focus();
    };
    // A click on the backdrop (outside the dialog's box) closes it, as Escape does.
    const onMouseDown = (event: MouseEvent) => {
      if (event.target === box.current && onEscapeRef.current) onEscapeRef.current();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && onEscapeRef.current) {
        event.preventDefault();
        onEscapeRef.current();
      }
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKeyDown);
    box.current?.addEventListener('mousedown', onMouseDown);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown);
      if (before?.isConnected) before.focus();
    };
  }, [show]);

  if (!show) return null;
  return createPortal(
    <>
      <div className={`modal-backdrop fade show ${backdropClassName}`} />
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        className={`modal fade show d-block ${className}`}
      >
        <div className={`modal-dialog ${dialogClassName}`} data-testid={testId}>
          <div className="modal-content">{children}</div>
        </div>
      </div>
    </>,
    document.body,
  );
}
