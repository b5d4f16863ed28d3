import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HealthPanel } from '../../features/admin/HealthPanel';
import { useUser } from '../../features/auth/session';
import { useTitle } from '../../hooks/useTitle';

/** Economy tools (orders, keygen, pins): Full admins only; the server checks it on every call. */
const ECONOMY_TOOLS = [
  { to: '/admin/order', key: 'adminOrders' },
  { to: '/admin/keygen', key: 'adminKeygen' },
  { to: '/admin/pins', key: 'adminPins' },
] as const;

export function Component() {
  const { t } = useTranslation();
  const { user } = useUser();
  useTitle(t('admin.title'));
  return (
    <div>
      <h1 className="h3">{t('admin.title')}</h1>
      <p className="text-body-secondary">{t('admin.intro')}</p>
      <HealthPanel />
      {user?.admin_level === 'Full' && (
        <section aria-labelledby="admin-economy">
          <h2 className="h6 text-uppercase text-body-secondary" id="admin-economy">
            {t('shop.admin.tools')}
          </h2>
          <div className="d-flex flex-wrap gap-2">
            {ECONOMY_TOOLS.map((tool) => (
              <Link key={tool.to} to={tool.to} className="btn btn-outline-secondary btn-touch">
                {t(`nav.${tool.key}`)}
              </Link>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
