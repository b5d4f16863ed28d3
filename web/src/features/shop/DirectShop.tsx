import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { catalogueQuery } from '@/api/catalogue';
import { EmailField } from '@/components/CredentialFields';
import { ChoiceGroup, ErrorText, SubmitButton, useErrorText } from '@/components/FormField';
import { applyServerErrors } from '@/hooks/useServerErrors';
import { useZodForm } from '@/hooks/useZodForm';
import { useTranslation } from '@/i18n/useTranslation';
import { formatMoney } from '@/lib/format';
import { useUser } from '@/session/session';
import { DEFAULT_FEES, feeTiers, previewOrder } from './fees';
import { ProductCard } from './ProductCard';
import { NETWORK_ORDER, type Product, productTextKey, useDirectOrder } from './queries';
import { ShopLegalLinks, ShopNotes, ShopSkeleton, shelvesOf } from './ShopCatalogue';
import { type DirectOrderValues, directOrderSchema, MAX_UNITS } from './schemas';
import './shop.css';

function Stepper({
  product,
  value,
  onChange,
}: {
  product: Product;
  value: number;
  onChange: (next: number) => void;
}) {
  const { t } = useTranslation();
  const name = t(`${productTextKey(product.sku)}.name`, { defaultValue: product.name });
  const id = `qty-${product.sku}`;
  return (
    <div className="d-flex align-items-center gap-2">
      <label htmlFor={id} className="small text-body-secondary me-auto">
        {t('shop.direct.quantity')}
      </label>
      <button
        type="button"
        className="btn btn-outline-secondary btn-touch stepper-btn"
        aria-label={t('shop.direct.less', { product: name })}
        disabled={value <= 0}
        onClick={() => onChange(Math.max(0, value - 1))}
      >
        −
      </button>
      <input
        id={id}
        className="form-control text-center stepper-input"
        inputMode="numeric"
        aria-label={t('shop.direct.quantityOf', { product: name })}
        value={value}
        onChange={(e) => {
          const n = Number.parseInt(e.target.value.replace(/\D/g, ''), 10);
          onChange(Number.isNaN(n) ? 0 : Math.min(MAX_UNITS, n));
        }}
      />
      <button
        type="button"
        className="btn btn-outline-secondary btn-touch stepper-btn"
        aria-label={t('shop.direct.more', { product: name })}
        disabled={value >= MAX_UNITS}
        onClick={() => onChange(Math.min(MAX_UNITS, value + 1))}
      >
        +
      </button>
    </div>
  );
}

/**
 * /shop/direct: crypto prices, the fee rule with a live total, and the order form. The server
 * computes the amount to pay; the total here is a preview.
 */
export function DirectShop({ simple = false }: { simple?: boolean }) {
  const { t, i18n } = useTranslation();
  const { user } = useUser();
  const catalogue = useQuery(catalogueQuery);
  const order = useDirectOrder();
  const navigate = useNavigate();
  const products = catalogue.data?.products ?? [];
  const tiers = catalogue.data?.crypto_fees ?? DEFAULT_FEES;
  const networks = (catalogue.data?.networks ?? NETWORK_ORDER) as DirectOrderValues['network'][];
  // A network without a receiving address is not offered; with none, crypto is closed for now.
  const closed = catalogue.isSuccess && networks.length === 0;

  const { register, handleSubmit, setValue, getValues, setError, watch, errors, field } =
    useZodForm(directOrderSchema, {
      defaultValues: { email: user?.email ?? '', network: 'solana', quantities: {} },
    });
  const quantities = watch('quantities');
  const quantitiesError = useErrorText(errors.quantities as never);

  useEffect(() => {
    if (user?.email) setValue('email', user.email);
  }, [user?.email, setValue]);

  const firstNetwork = networks[0];
  useEffect(() => {
    if (firstNetwork && !networks.includes(getValues('network'))) setValue('network', firstNetwork);
  });

  // watch() hands back the same object as it mutates it: compute on every render (it is cheap).
  const preview = previewOrder(
    products.map((p) => ({ price: p.crypto_price, quantity: quantities?.[p.sku] ?? 0 })),
    tiers,
  );
  const money = (n: number | string) => formatMoney(n, 'USD', i18n.language);

  const submit = handleSubmit((values) => {
    const items = Object.entries(values.quantities)
      .filter(([, q]) => q > 0)
      .map(([sku, quantity]) => ({ sku, quantity }));
    order.mutate(
      { email: values.email, network: values.network, items },
      {
        // The order's own page (its private link) shows how to pay and takes the transaction id.
        onSuccess: (placed) => navigate(`/shop/direct/order/${placed.token}`),
        onError: (error) => applyServerErrors(error, setError, ['email', 'network']),
      },
    );
  });

  const tierText = feeTiers(tiers).map(({ from, to, percent }) => {
    const range =
      to === null
        ? t('shop.direct.rangeOpen', { from })
        : from === to
          ? t('shop.direct.rangeOne', { count: from })
          : t('shop.direct.range', { from, to });
    const fee = percent ? t('shop.direct.feePercent', { percent }) : t('shop.direct.noFee');
    return `${range} ${fee}`;
  });

  const picker = (product: Product) => (
    <Stepper
      product={product}
      value={quantities?.[product.sku] ?? 0}
      onChange={(next) =>
        setValue(`quantities.${product.sku}`, next, { shouldValidate: !!errors.quantities })
      }
    />
  );

  return (
    <div className={`shop-page${preview.keys > 0 ? ' shop-page-picking' : ''}`}>
      <header className="shop-hero mb-4">
        <h1 className="h2 mb-2">{simple ? t('shop.direct.oldTitle') : t('shop.direct.title')}</h1>
        <p className="text-body-secondary mb-2">{t('shop.direct.intro')}</p>
        <p className="small mb-0" data-testid="fee-rule">
          <span className="fw-semibold">{t('shop.direct.feeRule')}</span> {tierText.join(', ')}
        </p>
      </header>

      <Form noValidate onSubmit={submit}>
        <div className="row g-4">
          <div className="col-lg-8">
            {catalogue.isPending && <ShopSkeleton />}
            {catalogue.isError && <Alert variant="danger">{t('shop.loadFailed')}</Alert>}
            {simple ? (
              <ul className="list-group mb-3">
                {products.map((product) => (
                  <li
                    key={product.sku}
                    className="list-group-item d-flex flex-column flex-sm-row gap-2 align-items-sm-center"
                    data-testid={`product-${product.sku}`}
                  >
                    <div className="flex-grow-1">
                      <span className="fw-semibold">
                        {t(`${productTextKey(product.sku)}.name`, { defaultValue: product.name })}
                      </span>{' '}
                      <span className="text-body-secondary">{money(product.crypto_price)}</span>
                    </div>
                    <div style={{ minWidth: '14rem' }}>{picker(product)}</div>
                  </li>
                ))}
              </ul>
            ) : (
              shelvesOf(products).map((shelf) => (
                <section key={shelf.key} className="mb-4" aria-labelledby={`dshelf-${shelf.key}`}>
                  <h2 className="h5 mb-3" id={`dshelf-${shelf.key}`}>
                    {t(`shop.shelves.${shelf.key}.title`)}
                  </h2>
                  <div className="row g-3">
                    {shelf.products.map((product) => (
                      <div className="col-12 col-md-6" key={product.sku}>
                        <ProductCard product={product} price="crypto">
                          {picker(product)}
                        </ProductCard>
                      </div>
                    ))}
                  </div>
                </section>
              ))
            )}
          </div>

          <div className="col-lg-4">
            <div className="shop-aside d-flex flex-column gap-3">
              <section className="addme-card p-3 p-sm-4" aria-labelledby="order-title">
                <h2 className="h5" id="order-title">
                  {t('shop.direct.yourOrder')}
                </h2>
                <dl className="shop-total mb-3" aria-live="polite" data-testid="order-preview">
                  <div>
                    <dt>{t('shop.direct.keys')}</dt>
                    <dd data-testid="preview-keys">{preview.keys}</dd>
                  </div>
                  <div>
                    <dt>{t('shop.direct.subtotal')}</dt>
                    <dd>{money(preview.subtotal)}</dd>
                  </div>
                  <div>
                    <dt>{t('shop.direct.fee', { percent: preview.feePercent })}</dt>
                    <dd data-testid="preview-fee">{money(preview.fee)}</dd>
                  </div>
                  <div className="fw-semibold fs-5">
                    <dt>{t('shop.direct.total')}</dt>
                    <dd data-testid="preview-total">{money(preview.total)}</dd>
                  </div>
                </dl>
                <ErrorText text={quantitiesError} className="mb-2" />
                <EmailField
                  label={t('shop.direct.email')}
                  hint={t('shop.direct.emailHint')}
                  {...field('email', 'direct-email')}
                />
                <ChoiceGroup
                  id="network"
                  legend={t('shop.direct.network')}
                  error={errors.network}
                  hidden={closed}
                >
                  {networks.map((network) => (
                    <Form.Check
                      key={network}
                      type="radio"
                      id={`network-${network}`}
                      value={network}
                      label={t(`shop.networks.${network}`, { defaultValue: network })}
                      className="network-option"
                      {...register('network')}
                    />
                  ))}
                </ChoiceGroup>
                <p className="small text-body-secondary">{t('shop.direct.previewNote')}</p>
                {closed ? (
                  <Alert variant="warning" className="small mb-0" data-testid="crypto-closed">
                    {t('shop.direct.closed')}
                  </Alert>
                ) : (
                  <SubmitButton pending={order.isPending} className="w-100">
                    {t('shop.direct.placeOrder')}
                  </SubmitButton>
                )}
              </section>
              <ShopNotes crypto />
            </div>
          </div>
        </div>
      </Form>
      {preview.keys > 0 && (
        <div className="direct-sticky d-lg-none" data-testid="sticky-total">
          <div className="small lh-sm">
            <div>{t('shop.direct.keysCount', { count: preview.keys })}</div>
            {preview.feePercent > 0 && (
              <div className="text-body-secondary">
                {t('shop.direct.fee', { percent: preview.feePercent })}
              </div>
            )}
          </div>
          <div className="fw-bold fs-5 ms-auto text-nowrap">{money(preview.total)}</div>
          <a href="#order-title" className="btn btn-accent btn-touch text-nowrap">
            {t('shop.direct.review')}
          </a>
        </div>
      )}
      {!simple && (
        <p className="small text-body-secondary mt-3 mb-0">
          <Link to="/shop/direct/old">{t('shop.direct.oldLink')}</Link>
        </p>
      )}
      <ShopLegalLinks />
    </div>
  );
}
