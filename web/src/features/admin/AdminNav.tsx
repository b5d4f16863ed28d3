import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Nav, Offcanvas } from 'react-bootstrap';
import { NavLink, useLocation, useMatches } from 'react-router';
import { ActionButton } from '@/components/admin/ActionButton';
import { useTranslation } from '@/i18n/useTranslation';
import { adminMeQuery } from '@/session/staff';
import { type AdminNavItem, navItemFor, visibleNav } from './adminNav';

type AdminHandle = { adminPaths?: string[] };

/** The admin paths the router serves (router.tsx lists them on the admin layout's handle). */
function useAdminPaths(): Set<string> {
  const matches = useMatches();
  const paths = matches
    .map((m) => (m.handle as AdminHandle | undefined)?.adminPaths)
    .find((p) => p !== undefined);
  return new Set(paths ?? []);
}

function Links({ items, onPick }: { items: AdminNavItem[]; onPick?: () => void }) {
  const { t } = useTranslation();
  return (
    <Nav className="flex-column">
      {items.map((item) => (
        <Nav.Link as={NavLink} to={item.path} end={item.end} key={item.path} onClick={onPick}>
          {t(`mod.nav.${item.key}`)}
        </Nav.Link>
      ))}
    </Nav>
  );
}

/** The admin menu from the server's list of permissions: a left nav on desktop, a drawer on phones. */
export function AdminNav() {
  const { t } = useTranslation();
  const me = useQuery(adminMeQuery);
  const paths = useAdminPaths();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const items = visibleNav(me.data?.permissions ?? [], (p) => paths.has(p));
  const current = navItemFor(pathname);
  return (
    <>
      <div className="d-lg-none mb-3">
        <ActionButton
          className="w-100 text-start d-flex justify-content-between align-items-center"
          aria-controls="admin-drawer"
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          <span>
            {t('mod.nav.menu')}
            {current && me.data ? ` · ${t(`mod.nav.${current.key}`)}` : ''}
          </span>
          <span aria-hidden="true">☰</span>
        </ActionButton>
        <Offcanvas
          show={open}
          onHide={() => setOpen(false)}
          id="admin-drawer"
          aria-labelledby="admin-drawer-title"
        >
          <Offcanvas.Header closeButton closeLabel={t('toast.close')}>
            <Offcanvas.Title id="admin-drawer-title" as="h2" className="h5">
              {t('mod.nav.title')}
            </Offcanvas.Title>
          </Offcanvas.Header>
          <Offcanvas.Body>
            <nav aria-label={t('mod.nav.title')} className="addme-sidenav">
              <Links items={items} onPick={() => setOpen(false)} />
            </nav>
          </Offcanvas.Body>
        </Offcanvas>
      </div>
      <nav
        aria-label={t('mod.nav.title')}
        className="addme-sidenav d-none d-lg-block"
        data-testid="admin-nav"
      >
        <Links items={items} />
      </nav>
    </>
  );
}

/** A page the level may not open says so, instead of an empty list (the server refuses it anyway). */
export function useAdminPageAllowed(): boolean | null {
  const me = useQuery(adminMeQuery);
  const { pathname } = useLocation();
  if (!me.data) return null;
  const item = navItemFor(pathname);
  return !item || me.data.permissions.includes(item.permission);
}
