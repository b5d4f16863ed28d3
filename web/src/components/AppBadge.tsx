import type { AppName } from '@/config/options';
import { useTranslation } from '@/i18n/useTranslation';
import './cards.css';

export function AppBadge({ app }: { app: AppName }) {
  const { t } = useTranslation();
  return <span className={`app-badge app-badge-${app}`}>{t(`apps.${app}`)}</span>;
}

/** The VIP crown (decorative unless labelled). */
export function Crown({ size = 18, label }: { size?: number; label?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      className="vip-crown"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {label && <title>{label}</title>}
      <path d="M3 7.5 7.5 11 12 4l4.5 7L21 7.5 19 18H5L3 7.5Zm2 12h14v1.5H5V19.5Z" />
    </svg>
  );
}
