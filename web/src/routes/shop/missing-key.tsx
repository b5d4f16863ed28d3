import { ButtonLink } from '@/components/ButtonLink';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

const STEPS = ['junk', 'wait', 'resend', 'contact'] as const;

/** /missing-key (public): how to get a key that did not arrive. */
export function Component() {
  const { t } = useTranslation();
  useTitle(t('shop.missingPage.title'));
  return (
    <article className="addme-card p-4 p-sm-5 mx-auto" style={{ maxWidth: '44rem' }}>
      <h1 className="h2">{t('shop.missingPage.title')}</h1>
      <p className="text-body-secondary">{t('shop.missingPage.intro')}</p>
      <ol className="d-flex flex-column gap-2 ps-3">
        {STEPS.map((step) => (
          <li key={step}>{t(`shop.missingPage.steps.${step}`)}</li>
        ))}
      </ol>
      <div className="d-flex flex-wrap gap-2 mt-3">
        <ButtonLink to="/user/missing-key" variant="accent">
          {t('shop.missingPage.resend')}
        </ButtonLink>
        <ButtonLink to="/contact-us">{t('shop.missingPage.contact')}</ButtonLink>
      </div>
      <p className="small text-body-secondary mt-4 mb-0">{t('shop.missingPage.crypto')}</p>
    </article>
  );
}
