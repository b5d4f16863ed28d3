import { Link } from 'react-router';
import { ButtonLink } from '@/components/ButtonLink';
import { useConfig } from '@/config/config';
import { APPS } from '@/config/options';
import { useTranslation } from '@/i18n/useTranslation';
import { useUser } from '@/session/session';

export function Hero() {
  const { t } = useTranslation();
  const { site_name, default_app } = useConfig();
  const { user } = useUser();
  // The brand's own app leads (brand variants are settings, not forks).
  const apps = [default_app, ...APPS.filter((a) => a !== default_app)];

  return (
    <section className="addme-hero">
      <div className="container-xl">
        <div className="addme-hero-inner">
          <span className="addme-pill">{t('home.badge')}</span>
          <h1 className="addme-hero-title">{t('home.title', { site: site_name })}</h1>
          <p className="addme-hero-lead">{t('home.lead', { site: site_name })}</p>
          <p className="fw-semibold mb-2">{t('home.pickApp')}</p>
          <div className="addme-app-buttons">
            {apps.map((app) => (
              <Link
                key={app}
                to={`/${app}-usernames`}
                className={`btn btn-app btn-app-${app} btn-lg`}
              >
                <span className={`app-dot app-dot-${app}`} aria-hidden="true" />
                {t('home.browseApp', { app: t(`apps.${app}`) })}
              </Link>
            ))}
          </div>
          {!user && (
            <p className="mt-4 mb-0 addme-hero-cta">
              {t('home.ctaText')}{' '}
              <ButtonLink to="/auth/register" variant="light" className="ms-sm-2 mt-2 mt-sm-0">
                {t('home.ctaButton')}
              </ButtonLink>
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
