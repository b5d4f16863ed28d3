import type { components } from '@/api/schema.gen';
import { useTranslation } from '@/i18n/useTranslation';
import { formatDate } from '@/lib/format';

type Order = components['schemas']['OrderRead'];

const VARIANTS: Record<string, string> = {
  confirmed: 'success',
  cancelled: 'secondary',
  frozen: 'info',
  unsettled: 'danger',
  transaction_sent: 'primary',
  awaiting_payment: 'warning',
};

export function statusVariant(order: Pick<Order, 'state'>): string {
  return VARIANTS[order.state] ?? 'warning';
}

/** The order's state in the buyer's words (awaiting payment, transaction sent, confirmed, ...). */
export function OrderStatusBadge({ order }: { order: Pick<Order, 'state'> }) {
  const { t } = useTranslation();
  return (
    <span className={`badge text-bg-${statusVariant(order)}`} data-testid="order-state">
      {t(`shop.orders.state.${order.state}`, { defaultValue: order.state })}
    </span>
  );
}

/** An order's first line, the same for its buyer and for admins: number, status, source, day. */
export function OrderHeading({
  order,
}: {
  order: Pick<Order, 'order_number' | 'state' | 'source' | 'created_at'>;
}) {
  const { t, i18n } = useTranslation();
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
      <span className="fw-semibold">#{order.order_number}</span>
      <OrderStatusBadge order={order} />
      <span className="badge order-source">
        {t(`shop.orders.source.${order.source}`, { defaultValue: order.source })}
      </span>
      <span className="ms-auto small text-body-secondary">
        {formatDate(order.created_at, i18n.language)}
      </span>
    </div>
  );
}
