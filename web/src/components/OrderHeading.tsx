import { useTranslation } from 'react-i18next';
import type { components } from '@/api/schema.gen';
import { formatDay } from '@/lib/format';

type Order = components['schemas']['OrderRead'];

export function statusVariant(order: Pick<Order, 'status' | 'unsettled'>): string {
  if (order.status === 'paid') return 'success';
  if (order.status === 'cancelled') return 'secondary';
  return order.unsettled ? 'danger' : 'warning';
}

export function OrderStatusBadge({ order }: { order: Pick<Order, 'status' | 'unsettled'> }) {
  const { t } = useTranslation();
  const key = order.status === 'pending' && order.unsettled ? 'unsettled' : order.status;
  return (
    <span className={`badge text-bg-${statusVariant(order)}`}>
      {t(`shop.orders.status.${key}`, { defaultValue: order.status })}
    </span>
  );
}

/** An order's first line, the same for its buyer and for admins: number, status, source, day. */
export function OrderHeading({
  order,
}: {
  order: Pick<Order, 'order_number' | 'status' | 'unsettled' | 'source' | 'created_at'>;
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
        {formatDay(order.created_at, i18n.language)}
      </span>
    </div>
  );
}
