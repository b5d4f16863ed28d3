import { useParams } from 'react-router';
import { LocalCheckout } from '@/features/shop/LocalCheckout';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

/** /shop/checkout/:sku: the app's own test-mode card checkout (CARD_CHECKOUT=local). */
export function Component() {
  const { t } = useTranslation();
  const { sku = '' } = useParams();
  useTitle(t('shop.card.title'));
  return <LocalCheckout sku={sku} />;
}
