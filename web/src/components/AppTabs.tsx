import { NavLink } from 'react-router';
import { APPS, type AppName } from '@/config/options';
import { useTranslation } from '@/i18n/useTranslation';
import './cards.css';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `btn btn-sm btn-touch ${isActive ? 'btn-accent' : 'btn-outline-secondary'}`;

/**
 * The "All / Snapchat / Telegram / Kik" links above the usernames, groups and nudes lists. They are
 * links between pages, so a labelled nav with the current page marked (NavLink sets aria-current),
 * not an ARIA tablist, which would promise arrow-key switching within one page.
 */
export function AppTabs({
  allTo,
  appTo,
  label,
  className = '',
}: {
  /** The path of the "All" tab, e.g. /groups. */
  allTo: string;
  /** The path of one app's tab, e.g. a => `/${a}-groups`. */
  appTo: (app: AppName) => string;
  /** The nav's accessible name, e.g. "Groups by app". */
  label: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <nav className={`listing-tabs ${className}`.trim()} aria-label={label}>
      <NavLink to={allTo} end className={tabClass}>
        {t('listings.tabs.all')}
      </NavLink>
      {APPS.map((app) => (
        <NavLink key={app} to={appTo(app)} end className={tabClass}>
          {t(`apps.${app}`)}
        </NavLink>
      ))}
    </nav>
  );
}
