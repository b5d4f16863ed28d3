import { ShopCatalogue } from '@/features/shop/ShopCatalogue';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

/** /shop: card checkout per product (no ads on this layout). */
export function Component() {
  const { t } = useTranslation();
  useTitle(t('shop.title'));
  return <ShopCatalogue />;
}
