import { Link } from 'react-router';
import { MissingKeyForm } from '@/features/shop/MissingKeyForm';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

/** /user/missing-key: send the keys of an order again to its checkout e-mail. */
export function Component() {
  const { t } = useTranslation();
  useTitle(t('shop.missing.title'));
  return (
    <div style={{ maxWidth: '36rem' }}>
      <h1 className="h3 mb-1">{t('shop.missing.title')}</h1>
      <p className="text-body-secondary">{t('shop.missing.intro')}</p>
      <MissingKeyForm />
      <p className="small text-body-secondary mt-3">
        {t('shop.missing.stillMissing')} <Link to="/contact-us">{t('shop.missing.contact')}</Link>
      </p>
    </div>
  );
}
