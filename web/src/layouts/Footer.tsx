import { Link } from 'react-router';
import { useConfig } from '@/config/config';
import { isLocale, LOCALES } from '@/i18n';
import { useTranslation } from '@/i18n/useTranslation';
import { useSwitchLanguage } from '@/session/language';
import { BackToTop } from './BackToTop';
import { FOOTER_LINKS } from './navLinks';

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', fr: 'Français' };

function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const switchLanguage = useSwitchLanguage();
  return (
    <nav aria-label={t('footer.language')} className="addme-lang small">
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          className="btn btn-link btn-touch px-2 me-1"
          aria-current={i18n.language === locale ? 'true' : undefined}
          onClick={() => isLocale(locale) && switchLanguage(locale)}
        >
          {LANGUAGE_NAMES[locale]}
        </button>
      ))}
    </nav>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const { site_name } = useConfig();
  const year = new Date().getFullYear();
  return (
    <footer className="addme-footer mt-auto">
      <div className="container-xl py-4">
        <div className="d-flex flex-column flex-md-row gap-3 justify-content-between align-items-md-center">
          <div>
            <div className="fw-semibold">{site_name}</div>
            <div className="small text-body-secondary">{t('footer.adultsOnly')}</div>
          </div>
          <nav aria-label={t('footer.legal')}>
            <ul className="addme-footer-links list-unstyled mb-0">
              {FOOTER_LINKS.map((link) => (
                <li key={link.key}>
                  <Link to={link.to}>{t(`footer.${link.key}`)}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="mt-3">
          <LanguageSwitch />
        </div>
        <p className="small text-body-secondary mt-2 mb-0" data-testid="copyright">
          {t('footer.copyright', { from: 2018, to: year, site: site_name })}
        </p>
      </div>
      <BackToTop />
    </footer>
  );
}
