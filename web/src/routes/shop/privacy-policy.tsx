import { ShopLegalDocument } from '@/features/shop/ShopLegalDocument';

export function Component() {
  return <ShopLegalDocument doc="privacy" />;
}
