import { DirectShop } from '@/features/shop/DirectShop';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

/** /shop/direct: the direct crypto shop. */
export function Component() {
  const { t } = useTranslation();
  useTitle(t('shop.direct.title'));
  return <DirectShop />;
}
