import { useTranslation } from 'react-i18next';
import { ShopCatalogue } from '@/features/shop/ShopCatalogue';
import { useTitle } from '@/hooks/useTitle';

/** /shop: card checkout per product (no ads on this layout). */
export function Component() {
  const { t } = useTranslation();
  useTitle(t('shop.title'));
  return <ShopCatalogue />;
}
