import { Outlet } from 'react-router';
import { AdminNav, useAdminPageAllowed } from '@/features/admin/AdminNav';
import { useTranslation } from '@/i18n/useTranslation';
import { SiteShell } from '@/routes/layouts';

function AdminOutlet() {
  const { t } = useTranslation();
  const allowed = useAdminPageAllowed();
  if (allowed === false) {
    return (
      <div className="addme-card p-4" role="alert" data-testid="admin-forbidden">
        <h1 className="h4">{t('mod.forbidden.title')}</h1>
        <p className="mb-0">{t('mod.forbidden.text')}</p>
      </div>
    );
  }
  return <Outlet />;
}

/** The admin area's layout: its own chunk, loaded with the first admin page. */
export function Component() {
  return (
    <SiteShell ads={false}>
      {/* The same container as the header, so the admin area lines up with it. */}
      <div className="container-xl py-4">
        <div className="row g-4">
          <div className="col-lg-2">
            <AdminNav />
          </div>
          <div className="col-lg-10">
            <AdminOutlet />
          </div>
        </div>
      </div>
    </SiteShell>
  );
}
