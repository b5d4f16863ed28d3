import { Link } from 'react-router';
import { LegalText } from '@/components/LegalText';
import { useTranslation } from '@/i18n/useTranslation';

/** The shop's own legal texts (shop.legalDocs.<doc>), in the look of the site's legal pages. */
export function ShopLegalDocument({ doc }: { doc: 'privacy' | 'terms' }) {
  const { t } = useTranslation();
  return (
    <LegalText
      base={`shop.legalDocs.${doc}`}
      before={
        <p className="small mb-2">
          <Link to="/shop">{t('shop.backToShop')}</Link>
        </p>
      }
    />
  );
}
