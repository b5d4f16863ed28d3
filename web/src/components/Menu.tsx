import {
  type ComponentProps,
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';

/**
 * A dropdown menu in Bootstrap's markup (`.dropdown`, `.dropdown-toggle`, `.dropdown-menu`,
 * `.dropdown-item`), without React-Bootstrap and Popper: the header's menus sit in the navbar,
 * where Bootstrap places them with CSS alone (`data-bs-popper="static"`), and every page loads them.
 *
 * A disclosure, as React-Bootstrap's was: a button with `aria-expanded` shows a list of links or
 * buttons. Opening it (click, Enter, Space, ArrowDown) moves focus to its first item; the arrows
 * move between items and stay inside; Escape closes it and gives focus back to the button; a
 * click outside, focus leaving it, or choosing an item closes it.
 */

const itemsOf = (menu: HTMLElement | null) =>
  menu ? Array.from(menu.querySelectorAll<HTMLElement>('.dropdown-item:not(:disabled)')) : [];

export function Menu({
  id,
  label,
  ariaLabel,
  align = 'start',
  className = '',
  toggleClassName = 'nav-link',
  testId,
  toggleTestId,
  children,
}: {
  /** The button's id (`nav-snapchat`, `nav-more`...). */
  id: string;
  label: ReactNode;
  /** The button's accessible name when its content is an icon. */
  ariaLabel?: string;
  align?: 'start' | 'end';
  /** Classes of the wrapper, beside `dropdown` (`nav-item`...). */
  className?: string;
  toggleClassName?: string;
  testId?: string;
  toggleTestId?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  // Focus goes to the first item once the menu is shown.
  useEffect(() => {
    if (open) itemsOf(menu.current)[0]?.focus();
  }, [open]);

  // The keyboard, choosing an item and focus leaving: read on the wrapper, as the events bubble.
  useEffect(() => {
    const root = wrapper.current;
    if (!root) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const shown = root.classList.contains('show');
      if (event.key === 'Escape' && shown) {
        event.preventDefault();
        setOpen(false);
        toggle.current?.focus();
        return;
      }
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      event.preventDefault();
      if (!shown) {
        setOpen(true);
        return;
      }
      const items = itemsOf(menu.current);
      const at = items.indexOf(document.activeElement as HTMLElement);
      const next =
        event.key === 'ArrowDown' ? Math.min(at + 1, items.length - 1) : Math.max(at - 1, 0);
      items[next]?.focus();
    };
    const onClick = (event: MouseEvent) => {
      const item = (event.target as Element).closest('.dropdown-item');
      if (!item || !menu.current?.contains(item)) return;
      setOpen(false);
      // An action keeps focus near (a link leaves the page, or opens another tab).
      if (item.tagName === 'BUTTON') toggle.current?.focus();
    };
    // Tab past the last item (or Shift+Tab before the button) leaves the menu: it closes.
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && !root.contains(next)) setOpen(false);
    };
    root.addEventListener('keydown', onKeyDown);
    root.addEventListener('click', onClick);
    root.addEventListener('focusout', onFocusOut);
    return () => {
      root.removeEventListener('keydown', onKeyDown);
      root.removeEventListener('click', onClick);
      root.removeEventListener('focusout', onFocusOut);
    };
  }, []);

  // A click or a tap anywhere else closes it.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: Event) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
    };
  }, [open]);

  return (
    <div
      ref={wrapper}
      className={`dropdown ${className} ${open ? 'show' : ''}`}
      data-testid={testId}
    >
      <button
        ref={toggle}
        id={id}
        type="button"
        className={`dropdown-toggle ${toggleClassName} ${open ? 'show' : ''}`}
        aria-expanded={open}
        aria-label={ariaLabel}
        data-testid={toggleTestId}
        onClick={() => setOpen((was) => !was)}
      >
        {label}
      </button>
      <div
        ref={menu}
        data-bs-popper="static"
        className={`dropdown-menu ${align === 'end' ? 'dropdown-menu-end' : ''} ${open ? 'show' : ''}`}
      >
        <MenuOpen.Provider value={open}>{children}</MenuOpen.Provider>
      </div>
    </div>
  );
}

/** Whether the menu around is open; true outside a menu (a link there is always a real one). */
const MenuOpen = createContext(true);

/**
 * A link in a menu (following it closes the menu). While the menu is closed it is hidden: its links
 * are in the page for crawlers and are never clicked, so they are plain anchors then. The router's
 * Link (a handful of hooks each) is drawn once the menu opens: the header's closed menus hold about
 * 45 links, a fifth of a list page's first render on a phone.
 */
export function MenuLink({ className = '', ...props }: ComponentProps<typeof Link>) {
  const open = useContext(MenuOpen);
  const classes = `dropdown-item ${className}`;
  if (!open && typeof props.to === 'string' && props.to.startsWith('/')) {
    const testId = (props as { 'data-testid'?: string })['data-testid'];
    return (
      <a href={props.to} className={classes} data-testid={testId}>
        {props.children}
      </a>
    );
  }
  return <Link {...props} className={classes} />;
}

/** A link to a page opened in a new tab (the shop from the account menu). */
export function MenuAnchor({ className = '', children, ...props }: ComponentProps<'a'>) {
  return (
    <a {...props} className={`dropdown-item ${className}`}>
      {children}
    </a>
  );
}

/** An action in a menu (running it closes the menu); `active` marks the current choice. */
export function MenuButton({
  className = '',
  active = false,
  ...props
}: ComponentProps<'button'> & { active?: boolean }) {
  return (
    <button
      type="button"
      {...props}
      className={`dropdown-item ${active ? 'active' : ''} ${className}`}
      aria-current={active ? 'true' : undefined}
    />
  );
}

export function MenuHeader({ children }: { children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a label inside the menu, as Bootstrap draws it.
    <div className="dropdown-header" role="heading" aria-level={3}>
      {children}
    </div>
  );
}

export function MenuDivider() {
  return <hr className="dropdown-divider" />;
}
