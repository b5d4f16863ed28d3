import { useQuery } from '@tanstack/react-query';
import { Alert, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { catalogueQuery } from '@/api/catalogue';
import { ApiError } from '@/api/client';
import { InputField, SubmitButton } from '@/components/FormField';
import { OrderStatusBadge } from '@/components/OrderHeading';
import { applyServerErrors } from '@/hooks/useServerErrors';
import { useZodForm } from '@/hooks/useZodForm';
import { useTranslation } from '@/i18n/useTranslation';
import { formatDate, formatMoney } from '@/lib/format';
import { PaymentInstructions } from './PaymentInstructions';
import { type DirectOrder, directOrderQuery, useSendTransaction } from './queries';
import { transactionSchema } from './schemas';
import './shop.css';
import { LoadingBlock } from '@/components/LoadingBlock';

function TransactionForm({ order, token }: { order: DirectOrder; token: string }) {
  const { t } = useTranslation();
  const send = useSendTransaction(token);
  const { handleSubmit, setError, field } = useZodForm(transactionSchema, {
    defaultValues: { transaction_id: order.transaction_id ?? '' },
  });
  const submit = handleSubmit(({ transaction_id }) =>
    send.mutate(transaction_id, {
      onError: (error) => {
        if (applyServerErrors(error, setError, ['transaction_id'])) return;
        if (error instanceof ApiError)
          setError('transaction_id', { type: 'server', message: error.message });
      },
    }),
  );
  return (
    <Form
      noValidate
      onSubmit={submit}
      className="addme-card p-3 p-sm-4"
      aria-labelledby="tx-title"
      data-testid="transaction-form"
    >
      <h2 className="h5" id="tx-title">
        {t('shop.track.txTitle')}
      </h2>
      <InputField
        label={t('shop.track.txLabel')}
        hint={t('shop.track.txHint')}
        className="font-monospace"
        autoComplete="off"
        spellCheck={false}
        {...field('transaction_id', 'tx-id')}
      />
      <SubmitButton pending={send.isPending}>
        {order.transaction_id ? t('shop.track.txResend') : t('shop.track.txSubmit')}
      </SubmitButton>
    </Form>
  );
}

/**
 * /shop/direct/order/:token: a direct crypto order followed from its private link. The buyer sees
 * its state, how to pay, sends the transaction id, and reads the order's payments and refunds.
 */
export function DirectOrderPage({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const query = useQuery(directOrderQuery(token));
  const catalogue = useQuery(catalogueQuery);
  if (query.isPending) {
    return <LoadingBlock height="20rem" busy />;
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Alert variant={missing ? 'warning' : 'danger'} data-testid="order-missing">
        {missing ? t('shop.track.notFound') : t('shop.track.loadFailed')}
      </Alert>
    );
  }
  const order = query.data;
  const money = (n: number | string) => formatMoney(n, order.currency, i18n.language);
  const waiting = order.state === 'awaiting_payment' || order.state === 'transaction_sent';
  const notice: Record<string, string> = {
    transaction_sent: t('shop.track.txSent'),
    unsettled: t('shop.track.unsettled'),
    frozen: t('shop.track.frozen'),
    cancelled: t('shop.track.cancelled'),
    confirmed: t('shop.track.confirmed', { email: order.email }),
  };
  return (
    <div className="shop-page mx-auto d-flex flex-column gap-3" style={{ maxWidth: '46rem' }}>
      <header>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <h1 className="h2 mb-0">{t('shop.track.title', { number: order.order_number })}</h1>
          <OrderStatusBadge order={order} />
        </div>
        <p className="small text-body-secondary mt-2 mb-0">{t('shop.track.keep')}</p>
      </header>
      {notice[order.state] && (
        <Alert
          variant={order.state === 'confirmed' ? 'success' : 'info'}
          className="mb-0"
          data-testid="order-notice"
        >
          {notice[order.state]}
        </Alert>
      )}
      {waiting && <PaymentInstructions order={order} />}
      {waiting && <TransactionForm order={order} token={token} />}
      {order.ledger.length > 0 && (
        <section className="addme-card p-3 p-sm-4" aria-labelledby="ledger-title">
          <h2 className="h5" id="ledger-title">
            {t('shop.track.ledgerTitle')}
          </h2>
          <table className="table table-sm mb-0" data-testid="order-ledger">
            <tbody>
              {order.ledger.map((entry) => (
                <tr key={`${entry.kind}-${entry.created_at}`}>
                  <td>
                    {t(`shop.track.ledger.${entry.kind}`, { defaultValue: entry.kind })}
                    <div className="small text-body-secondary">
                      {formatDate(entry.created_at, i18n.language)}
                      {entry.note ? ` · ${entry.note}` : ''}
                    </div>
                  </td>
                  <td className="text-end font-monospace">{money(entry.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <p className="small mb-0">
        {catalogue.data?.crypto_contact_url && (
          <>
            <a href={catalogue.data.crypto_contact_url} target="_blank" rel="noopener noreferrer">
              {t('shop.pay.contact')}
            </a>
            {' · '}
          </>
        )}
        <Link to="/shop/direct">{t('shop.pay.newOrder')}</Link>
        {' · '}
        <Link to="/contact-us">{t('shop.pay.support')}</Link>
      </p>
    </div>
  );
}
