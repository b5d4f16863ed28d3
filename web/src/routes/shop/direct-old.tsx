import { useTranslation } from 'react-i18next';
import { DirectShop } from '@/features/shop/DirectShop';
import { useTitle } from '@/hooks/useTitle';

/** /shop/direct/old: the legacy direct page, same order flow in a plain list. */
export function Component() {
  const { t } = useTranslation();
  useTitle(t('shop.direct.oldTitle'));
  return <DirectShop simple />;
}
