import { useParams } from 'react-router';
import { DirectOrderPage } from '@/features/shop/DirectOrderPage';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

/** /shop/direct/order/:token: a direct crypto order, from the buyer's private link. */
export function Component() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  useTitle(t('shop.direct.title'));
  return <DirectOrderPage token={token} />;
}
