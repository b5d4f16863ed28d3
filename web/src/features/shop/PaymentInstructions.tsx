import { CopyButton } from '@/components/CopyButton';
import { useTranslation } from '@/i18n/useTranslation';
import { formatMoney } from '@/lib/format';
import type { DirectOrder } from './queries';

function Row({
  label,
  value,
  copy,
  mono = true,
}: {
  label: string;
  value: string;
  copy?: string;
  mono?: boolean;
}) {
  return (
    <div className="pay-row">
      <div className="small text-body-secondary">{label}</div>
      <div className="d-flex align-items-center gap-2">
        <span className={`flex-grow-1 min-w-0 text-break${mono ? ' font-monospace' : ''}`}>
          {value}
        </span>
        {copy && <CopyButton value={value} label={copy} />}
      </div>
    </div>
  );
}

/** What to pay, where, and what happens next: shown once the direct order exists. */
export function PaymentInstructions({ order }: { order: DirectOrder }) {
  const { t, i18n } = useTranslation();
  const { payment } = order;
  const isSolana = payment.network === 'solana';
  return (
    <section
      className="addme-card p-3 p-sm-4"
      aria-labelledby="pay-title"
      data-testid="payment-instructions"
    >
      <h2 className="h4 mb-1" id="pay-title">
        {t('shop.pay.title')}
      </h2>
      <p className="text-body-secondary">{t('shop.pay.intro', { email: order.email })}</p>

      <div className="d-flex flex-column gap-3">
        <Row label={t('shop.pay.orderNumber')} value={order.order_number} mono={false} />
        <Row
          label={t('shop.pay.network')}
          value={`${payment.chain} · ${payment.token}`}
          mono={false}
        />
        <Row
          label={t('shop.pay.amount', { token: payment.token })}
          value={String(payment.amount)}
          copy={t('shop.pay.copyAmount')}
        />
        <Row
          label={t('shop.pay.address')}
          value={payment.address}
          copy={t('shop.pay.copyAddress')}
        />
        <Row label={t('shop.pay.tokenContract')} value={payment.token_contract} />
        {payment.reference && <Row label={t('shop.pay.reference')} value={payment.reference} />}
        <div>
          <a href={payment.url} className="btn btn-accent btn-touch" data-testid="pay-link">
            {isSolana ? t('shop.pay.openSolana') : t('shop.pay.openWallet')}
          </a>
          <div className="small text-body-secondary mt-2 text-break">
            {isSolana ? t('shop.pay.solanaHint') : t('shop.pay.evmHint')}{' '}
            <a href={payment.url} className="font-monospace">
              {payment.url}
            </a>
          </div>
        </div>
      </div>

      <table className="table table-sm mt-4 mb-3 shop-summary">
        <tbody>
          {order.items.map((item) => (
            <tr key={item.sku}>
              <td>
                {item.quantity} × {item.name}
              </td>
              <td className="text-end">
                {formatMoney(
                  Number(item.unit_price) * item.quantity,
                  order.currency,
                  i18n.language,
                )}
              </td>
            </tr>
          ))}
          <tr>
            <td>{t('shop.direct.fee', { percent: order.fee_percent })}</td>
            <td className="text-end">{formatMoney(order.fee, order.currency, i18n.language)}</td>
          </tr>
          <tr className="fw-semibold">
            <td>{t('shop.direct.total')}</td>
            <td className="text-end">{formatMoney(order.total, order.currency, i18n.language)}</td>
          </tr>
        </tbody>
      </table>

      <div className="alert alert-warning small mb-0">
        <p className="mb-1 fw-semibold">{t('shop.pay.settlementTitle')}</p>
        <ul className="mb-0 ps-3">
          <li>{t('shop.pay.exact')}</li>
          <li>{t('shop.notes.cryptoDelivery')}</li>
          <li>{t('shop.notes.unsettled')}</li>
          <li>{t('shop.pay.txid')}</li>
        </ul>
      </div>
    </section>
  );
}
