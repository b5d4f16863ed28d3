import { useQuery } from '@tanstack/react-query';
import { Placeholder } from 'react-bootstrap';
import { OrderHeading } from '@/components/OrderHeading';
import { useTranslation } from '@/i18n/useTranslation';
import { formatDate, formatMoney } from '@/lib/format';
import { myOrdersQuery, type Order } from './queries';

/** Two order-sized placeholders while a list of orders loads. */
export function OrdersSkeleton() {
  return (
    <Placeholder as="div" animation="glow" aria-busy="true">
      <Placeholder xs={12} className="rounded-4 mb-2" style={{ height: '5rem' }} />
      <Placeholder xs={12} className="rounded-4" style={{ height: '5rem' }} />
    </Placeholder>
  );
}

/** My orders: number, date, products, status and the last 4 characters of each key. */
export function OrdersList() {
  const { t } = useTranslation();
  const orders = useQuery(myOrdersQuery);

  if (orders.isPending) return <OrdersSkeleton />;
  if (!orders.data || orders.data.length === 0) {
    return (
      <div className="addme-card addme-empty p-4 text-center" data-testid="orders-empty">
        <p className="mb-1 fw-semibold">{t('shop.orders.empty')}</p>
        <p className="small text-body-secondary mb-0">{t('shop.orders.emptyHint')}</p>
      </div>
    );
  }

  return (
    <ul className="list-unstyled d-flex flex-column gap-2 mb-0" data-testid="orders">
      {orders.data.map((order) => (
        <OrderEntry key={order.id} order={order} />
      ))}
    </ul>
  );
}

/** One order: number, state, lines, price, end date and its keys (last 4 characters). */
export function OrderEntry({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="addme-card p-3 order-item" data-testid="order">
      <OrderHeading order={order} />
      <div className="small">
        {order.items.length
          ? order.items.map((item) => `${item.quantity} × ${item.name}`).join(', ')
          : order.product}
        {' · '}
        {formatMoney(order.price, order.currency, i18n.language)}
      </div>
      {order.ending_at && (
        <div className="small text-body-secondary">
          {t(
            Date.parse(order.ending_at) < Date.now()
              ? 'upkeep.oldOrders.ended'
              : 'shop.orders.ends',
            {
              date: formatDate(order.ending_at, i18n.language),
            },
          )}
        </div>
      )}
      {order.keys.length > 0 && (
        <div className="small mt-1 d-flex flex-wrap gap-2">
          {order.keys.map((key) => (
            <span
              key={key.id}
              className={`badge font-monospace ${key.redeemed_at ? 'text-bg-success' : 'text-bg-secondary'}`}
              title={
                key.redeemed_at
                  ? t('shop.orders.redeemed', {
                      date: formatDate(key.redeemed_at, i18n.language),
                    })
                  : t('shop.orders.unused')
              }
            >
              {t('shop.orders.key', { last4: key.last4 })}
            </span>
          ))}
        </div>
      )}
    </li>
  );
}
