import { DirectShop } from '@/features/shop/DirectShop';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

/** /shop/direct/old: the legacy direct page, same order flow in a plain list. */
export function Component() {
  const { t } = useTranslation();
  useTitle(t('shop.direct.oldTitle'));
  return <DirectShop simple />;
}
