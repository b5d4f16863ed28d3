import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { ActionButton } from '@/components/admin/ActionButton';
import { AdminPage } from '@/components/admin/AdminPage';
import { TextField } from '@/components/admin/fields';
import { useSearchQuery } from '@/components/admin/useListParams';
import { SubmitButton } from '@/components/FormField';
import { LoadingBlock } from '@/components/LoadingBlock';
import { OrderHeading } from '@/components/OrderHeading';
import { SearchForm } from '@/components/SearchForm';
import { useTranslation } from '@/i18n/useTranslation';
import { formatDate, formatMoney } from '@/lib/format';
import { toast } from '@/toasts/toastStore';
import {
  type AdminOrder,
  adminOrdersQuery,
  useCancelOrder,
  useConfirmOrder,
  useFreezeOrder,
} from './economyQueries';

function ConfirmForm({ order }: { order: AdminOrder }) {
  const { t } = useTranslation();
  const confirm = useConfirmOrder();
  const [txid, setTxid] = useState(order.transaction_id ?? '');
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

/** Freeze (reason required) or cancel: a frozen order's cancel records its refund minus the fee. */
function HoldActions({ order }: { order: AdminOrder }) {
  const { t } = useTranslation();
  const freeze = useFreezeOrder();
  const cancel = useCancelOrder();
  const [reason, setReason] = useState('');
  const [refundTx, setRefundTx] = useState('');
  const frozen = order.status === 'frozen';
  const doCancel = () =>
    toast.confirm(
      t(frozen ? 'shop.admin.cancelFrozenConfirm' : 'shop.admin.cancelUnpaidConfirm', {
        number: order.order_number,
      }),
      () =>
        cancel.mutate(
          {
            id: order.id,
            reason: reason.trim() || (frozen ? 'frozen order' : 'unpaid'),
            refund_transaction_id: refundTx.trim() || undefined,
          },
          {
            onSuccess: () =>
              toast.success(t('shop.admin.cancelled', { number: order.order_number })),
          },
        ),
      frozen ? t('shop.admin.cancel') : t('shop.admin.cancelUnpaid'),
    );
  return (
    <div className="d-flex flex-column gap-2">
      <TextField
        id={`reason-${order.id}`}
        label={t('shop.admin.freezeReason')}
        value={reason}
        maxLength={200}
        onChange={(e) => setReason(e.target.value)}
      />
      {frozen && (
        <TextField
          id={`refund-${order.id}`}
          label={t('shop.admin.refundTx')}
          value={refundTx}
          maxLength={120}
          className="font-monospace"
          onChange={(e) => setRefundTx(e.target.value)}
        />
      )}
      <div className="d-flex flex-wrap gap-2">
        {!frozen && order.transaction_id && (
          <ActionButton
            disabled={freeze.isPending || reason.trim().length < 3}
            onClick={() =>
              freeze.mutate(
                { id: order.id, reason: reason.trim() },
                {
                  onSuccess: () =>
                    toast.success(t('shop.admin.frozenDone', { number: order.order_number })),
                },
              )
            }
          >
            {t('shop.admin.freeze')}
          </ActionButton>
        )}
        <ActionButton variant="outline-danger" disabled={cancel.isPending} onClick={doCancel}>
          {frozen ? t('shop.admin.cancel') : t('shop.admin.cancelUnpaid')}
        </ActionButton>
      </div>
    </div>
  );
}

function OrderRow({ order }: { order: AdminOrder }) {
  const { t, i18n } = useTranslation();
  const open =
    order.source === 'crypto' && (order.status === 'pending' || order.status === 'frozen');
  const money = (n: number | string) => formatMoney(n, order.currency, i18n.language);
  return (
    <li className="addme-card p-3" data-testid="admin-order">
      <OrderHeading order={order} />
      <div className="small text-break">
        {order.email}
        {order.user_id ? ` · ${t('shop.admin.user', { id: order.user_id })}` : ''}
      </div>
      <div className="small">
        {order.items.map((i) => `${i.quantity} × ${i.name}`).join(', ') || order.product} ·{' '}
        {money(order.price)}
        {Number(order.fee) > 0 && ` (${t('shop.admin.fee', { fee: money(order.fee) })})`}
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
          {order.transaction_sent_at &&
            ` · ${t('shop.admin.sentAt', { date: formatDate(order.transaction_sent_at, i18n.language) })}`}
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
      {order.ledger.length > 0 && (
        <div className="small mt-2" data-testid="admin-ledger">
          <span className="fw-semibold">{t('shop.admin.ledger')}:</span>{' '}
          {order.ledger
            .map(
              (e) =>
                `${t(`shop.track.ledger.${e.kind}`, { defaultValue: e.kind })} ${money(e.amount)}${e.note ? ` (${e.note})` : ''}`,
            )
            .join(' · ')}
        </div>
      )}
      {open && order.state !== 'unsettled' && (
        <div className="mt-3 d-flex flex-column gap-2">
          <ConfirmForm order={order} />
          <HoldActions order={order} />
        </div>
      )}
      {open && order.state === 'unsettled' && (
        <div className="mt-3">
          <HoldActions order={order} />
        </div>
      )}
    </li>
  );
}

/** /admin/order: find an order by number, e-mail or key; confirm crypto, cancel frozen. */
export function OrdersAdmin() {
  const { t } = useTranslation();
  const { q, search } = useSearchQuery();
  const orders = useQuery(adminOrdersQuery(q));

  return (
    <AdminPage title={t('shop.admin.ordersTitle')}>
      <SearchForm
        label={t('shop.admin.search')}
        submitText={t('shop.admin.find')}
        initial={q}
        onSearch={search}
      />
      {orders.isPending ? (
        <LoadingBlock height="6rem" />
      ) : orders.data && orders.data.length > 0 ? (
        <ul className="list-unstyled d-flex flex-column gap-2">
          {orders.data.map((order) => (
            <OrderRow key={order.id} order={order} />
          ))}
        </ul>
      ) : (
        <p className="text-body-secondary">{t('shop.orders.empty')}</p>
      )}
    </AdminPage>
  );
}
