import { useTranslation } from 'react-i18next';
import { DirectShop } from '@/features/shop/DirectShop';
import { useTitle } from '@/hooks/useTitle';

/** /shop/direct: the direct crypto shop. */
export function Component() {
  const { t } = useTranslation();
  useTitle(t('shop.direct.title'));
  return <DirectShop />;
}
