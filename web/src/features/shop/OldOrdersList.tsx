import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { LoadError } from '@/components/LoadError';
import { Pager } from '@/components/Pager';
import { useTranslation } from '@/i18n/useTranslation';
import { OrderEntry, OrdersSkeleton } from './OrdersList';
import { myOldOrdersQuery } from './queries';

/** My older orders, 20 a page (?page=N), newest first. */
export function OldOrdersList() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const orders = useQuery({ ...myOldOrdersQuery(page), placeholderData: keepPreviousData });

  if (orders.isPending) return <OrdersSkeleton />;
  if (orders.isError)
    return <LoadError message={t('upkeep.oldOrders.loadFailed')} query={orders} />;
  if (orders.data.data.length === 0) {
    return (
      <div className="addme-card addme-empty p-4 text-center" data-testid="old-orders-empty">
        <p className="mb-1 fw-semibold">{t('upkeep.oldOrders.empty')}</p>
        <p className="small text-body-secondary mb-0">{t('upkeep.oldOrders.emptyHint')}</p>
      </div>
    );
  }
  const { meta } = orders.data;
  return (
    <>
      <ul className="list-unstyled d-flex flex-column gap-2 mb-0" data-testid="old-orders">
        {orders.data.data.map((order) => (
          <OrderEntry key={order.id} order={order} />
        ))}
      </ul>
      <Pager
        page={meta.page}
        hasNext={meta.has_next}
        totalPages={Math.max(1, Math.ceil(meta.total / meta.per_page))}
        hrefFor={(n) => (n > 1 ? `/user/ordersold?page=${n}` : '/user/ordersold')}
      />
    </>
  );
}
