import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, Placeholder } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SubmitButton } from '@/components/FormField';
import { OrderHeading } from '@/components/OrderHeading';
import { formatMoney } from '@/lib/format';
import { toast } from '@/toasts/toastStore';
import {
  type AdminOrder,
  adminOrdersQuery,
  useCancelOrder,
  useConfirmOrder,
} from './economyQueries';

function ConfirmForm({ order }: { order: AdminOrder }) {
  const { t } = useTranslation();
  const confirm = useConfirmOrder();
  const [txid, setTxid] = useState('');
  const id = `txid-${order.id}`;
  return (
    <Form
      className="d-flex flex-column flex-sm-row gap-2 align-items-sm-end"
      onSubmit={(e) => {
        e.preventDefault();
        if (txid.trim().length < 4) return;
        confirm.mutate(
          { id: order.id, transaction_id: txid.trim() },
          {
            onSuccess: () =>
              toast.success(t('shop.admin.confirmed', { number: order.order_number })),
          },
        );
      }}
    >
      <div className="flex-grow-1">
        <Form.Label htmlFor={id} className="small mb-1">
          {t('shop.admin.txid')}
        </Form.Label>
        <Form.Control
          id={id}
          value={txid}
          minLength={4}
          maxLength={120}
          required
          className="font-monospace"
          onChange={(e) => setTxid(e.target.value)}
        />
      </div>
      <SubmitButton pending={confirm.isPending}>{t('shop.admin.confirm')}</SubmitButton>
    </Form>
  );
}

function OrderRow({ order }: { order: AdminOrder }) {
  const { t, i18n } = useTranslation();
  const cancel = useCancelOrder();
  const pendingCrypto = order.source === 'crypto' && order.status === 'pending';
  return (
    <li className="addme-card p-3" data-testid="admin-order">
      <OrderHeading order={order} />
      <div className="small text-break">
        {order.email}
        {order.user_id ? ` · ${t('shop.admin.user', { id: order.user_id })}` : ''}
      </div>
      <div className="small">
        {order.items.map((i) => `${i.quantity} × ${i.name}`).join(', ') || order.product} ·{' '}
        {formatMoney(order.price, order.currency, i18n.language)}
        {Number(order.fee) > 0 &&
          ` (${t('shop.admin.fee', { fee: formatMoney(order.fee, order.currency, i18n.language) })})`}
      </div>
      {order.network && (
        <div className="small text-body-secondary text-break">
          {t(`shop.networks.${order.network}`, { defaultValue: order.network })}
          {order.pay_address && (
            <>
              {' '}
              · <span className="font-monospace">{order.pay_address}</span>
            </>
          )}
          {order.pay_reference && (
            <>
              {' '}
              · ref <span className="font-monospace">{order.pay_reference}</span>
            </>
          )}
        </div>
      )}
      {order.transaction_id && (
        <div className="small text-break">
          {t('shop.admin.txid')}: <span className="font-monospace">{order.transaction_id}</span>
        </div>
      )}
      {order.keys.length > 0 && (
        <div className="small mt-1">
          {order.keys.map((k) => (
            <span key={k.id} className="badge text-bg-secondary font-monospace me-1">
              {t('shop.orders.key', { last4: k.last4 })}
            </span>
          ))}
        </div>
      )}
      {pendingCrypto && (
        <div className="mt-3 d-flex flex-column gap-2">
          <ConfirmForm order={order} />
          <div>
            <button
              type="button"
              className="btn btn-outline-danger btn-touch"
              disabled={cancel.isPending}
              onClick={() =>
                toast.confirm(
                  t('shop.admin.cancelConfirm', { number: order.order_number }),
                  () =>
                    cancel.mutate(
                      { id: order.id, reason: 'frozen' },
                      {
                        onSuccess: () =>
                          toast.success(t('shop.admin.cancelled', { number: order.order_number })),
                      },
                    ),
                  t('shop.admin.cancel'),
                )
              }
            >
              {t('shop.admin.cancel')}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

/** /admin/order: find an order by number, e-mail or key; confirm crypto, cancel frozen. */
export function OrdersAdmin() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const orders = useQuery(adminOrdersQuery(q));

  return (
    <div>
      <h1 className="h3">{t('shop.admin.ordersTitle')}</h1>
      <Form
        role="search"
        className="d-flex gap-2 mb-3"
        onSubmit={(e) => {
          e.preventDefault();
          setParams(draft.trim() ? { q: draft.trim() } : {});
        }}
      >
        <Form.Control
          aria-label={t('shop.admin.search')}
          placeholder={t('shop.admin.search')}
          value={draft}
          maxLength={100}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="btn btn-accent btn-touch">
          {t('shop.admin.find')}
        </button>
      </Form>
      {orders.isPending ? (
        <Placeholder as="div" animation="glow">
          <Placeholder xs={12} className="rounded-4" style={{ height: '6rem' }} />
        </Placeholder>
      ) : orders.data && orders.data.length > 0 ? (
        <ul className="list-unstyled d-flex flex-column gap-2">
          {orders.data.map((order) => (
            <OrderRow key={order.id} order={order} />
          ))}
        </ul>
      ) : (
        <p className="text-body-secondary">{t('shop.orders.empty')}</p>
      )}
    </div>
  );
}
