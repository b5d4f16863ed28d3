import { NavLink } from 'react-router';
import type { AppName } from '@/config/options';
import { GENDERS, ORIENTATIONS } from '@/config/options';
import { useTranslation } from '@/i18n/useTranslation';
import './cards.css';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `btn btn-sm btn-touch ${isActive ? 'btn-accent' : 'btn-outline-secondary'}`;

/** Latest / VIP / Hottest / gender / orientation tabs of an app's nudes or groups pages. */
export function SubPathTabs({ app, noun, label }: { app: AppName; noun: string; label: string }) {
  const { t } = useTranslation();
  const base = `/${app}-${noun}`;
  return (
    <nav className="listing-tabs mb-3" aria-label={label}>
      <NavLink to={base} end className={tabClass}>
        {t('listings.tabs.latest')}
      </NavLink>
      <NavLink to={`${base}/vip`} className={tabClass}>
        {t('listings.tabs.vip')}
      </NavLink>
      <NavLink to={`${base}/hottest`} className={tabClass}>
        {t('listings.tabs.hottest')}
      </NavLink>
      <span className="filter-label ms-lg-2">{t('nav.gender')}</span>
      {GENDERS.map((g) => (
        <NavLink key={g} to={`${base}/gender/${g}`} className={tabClass}>
          {t(`gender.${g}`)}
        </NavLink>
      ))}
      <span className="filter-label ms-lg-2">{t('nav.orientation')}</span>
      {ORIENTATIONS.map((o) => (
        <NavLink key={o} to={`${base}/orientation/${o}`} className={tabClass}>
          {t(`orientation.${o}`)}
        </NavLink>
      ))}
    </nav>
  );
}

/** The page title with the sub-path's filter, e.g. "Snapchat groups · Female". */
export function useSubPathTitle(
  base: string,
  scope: {
    gender?: string;
    orientation?: string;
    vip?: true;
    order?: 'popular';
  },
): string {
  const { t } = useTranslation();
  let title = base;
  if (scope.gender) title = `${title} · ${t(`gender.${scope.gender}`)}`;
  if (scope.orientation) title = `${title} · ${t(`orientation.${scope.orientation}`)}`;
  if (scope.vip) title = `${title} · ${t('listings.tabs.vip')}`;
  if (scope.order) title = `${title} · ${t('listings.tabs.hottest')}`;
  return title;
}
