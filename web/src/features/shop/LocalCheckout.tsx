import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { catalogueQuery } from '@/api/catalogue';
import { ApiError } from '@/api/client';
import { ButtonLink } from '@/components/ButtonLink';
import { InputField, SelectField, SubmitButton } from '@/components/FormField';
import { Options } from '@/components/Options';
import { applyServerErrors } from '@/hooks/useServerErrors';
import { useZodForm } from '@/hooks/useZodForm';
import { useTranslation } from '@/i18n/useTranslation';
import { formatMoney } from '@/lib/format';
import { useUser } from '@/session/session';
import { ProductCard } from './ProductCard';
import { useLocalCheckout } from './queries';
import { cardSchema, MAX_UNITS } from './schemas';
import './shop.css';
import { LoadingBlock } from '@/components/LoadingBlock';

/** The card's expiry and security code, side by side: [field, column, autocomplete]. */
const CARD_CODES = [
  ['expiry', 'col-7', 'cc-exp'],
  ['cvc', 'col-5', 'cc-csc'],
] as const;

/**
 * /shop/checkout/:sku: the app's own card checkout, in test mode (no money moves). Paying sends the
 * same signed webhook the hosted shop sends, so the key is mailed exactly as in production.
 */
export function LocalCheckout({ sku }: { sku: string }) {
  const { t, i18n } = useTranslation();
  const { user } = useUser();
  const catalogue = useQuery(catalogueQuery);
  const pay = useLocalCheckout();
  const product = catalogue.data?.products.find((p) => p.sku === sku);
  const { handleSubmit, setError, setValue, watch, errors, field } = useZodForm(cardSchema, {
    defaultValues: {
      email: user?.email ?? '',
      quantity: 1,
      card_number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    },
  });
  useEffect(() => {
    if (user?.email) setValue('email', user.email);
  }, [user?.email, setValue]);

  const quantity = Number(watch('quantity')) || 1;
  const money = (n: number | string) => formatMoney(n, 'USD', i18n.language);
  const rootError = errors.root?.server?.message;

  if (catalogue.isPending) {
    return <LoadingBlock height="20rem" busy />;
  }
  if (catalogue.isError) return <Alert variant="danger">{t('shop.loadFailed')}</Alert>;
  if (!product) {
    return (
      <Alert variant="warning" data-testid="checkout-missing">
        {t('shop.card.notFound')} <Link to="/shop">{t('shop.backToShop')}</Link>
      </Alert>
    );
  }
  if (pay.data) {
    return (
      <section
        className="addme-card p-4 addme-narrow mx-auto text-center"
        data-testid="checkout-paid"
        aria-live="polite"
      >
        <h1 className="h3">{t('shop.card.paidTitle')}</h1>
        <p className="mb-4">
          {t('shop.card.paidText', { number: pay.data.order_number, email: pay.data.email })}
        </p>
        <div className="d-flex flex-wrap justify-content-center gap-2">
          <ButtonLink to="/user/orders" variant="accent">
            {t('shop.card.applyKey')}
          </ButtonLink>
          <ButtonLink to="/shop">{t('shop.card.another')}</ButtonLink>
        </div>
      </section>
    );
  }

  const submit = handleSubmit((values) =>
    pay.mutate(
      { sku: product.sku, ...values },
      {
        onError: (error) => {
          if (applyServerErrors(error, setError, ['email', 'card_number', 'expiry', 'cvc'])) return;
          if (error instanceof ApiError)
            setError('root.server', { type: 'server', message: error.message });
        },
      },
    ),
  );

  return (
    <div className="shop-page mx-auto" style={{ maxWidth: '46rem' }}>
      <p className="mb-3">
        <Link to="/shop">{t('shop.backToShop')}</Link>
      </p>
      <header className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h2 mb-0">{t('shop.card.title')}</h1>
        <span className="badge text-bg-warning text-uppercase" data-testid="test-badge">
          {t('shop.card.badge')}
        </span>
      </header>
      {catalogue.data.test_mode && (
        <Alert variant="warning" className="small" data-testid="test-mode">
          {t('shop.testMode')}
        </Alert>
      )}
      <div className="row g-4">
        <div className="col-md-5">
          <ProductCard product={product} price="card" />
        </div>
        <div className="col-md-7">
          <Form noValidate onSubmit={submit} className="addme-card p-3 p-sm-4">
            <InputField
              label={t('shop.card.email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              {...field('email', 'card-email')}
            />
            <SelectField
              label={t('shop.card.quantity')}
              {...field('quantity', 'card-quantity', { valueAsNumber: true })}
            >
              <Options
                values={Array.from({ length: Math.min(10, MAX_UNITS) }, (_, i) => i + 1)}
                label={(n) => n}
              />
            </SelectField>
            <InputField
              label={t('shop.card.number')}
              autoComplete="cc-number"
              inputMode="numeric"
              className="font-monospace"
              {...field('card_number', 'card-number')}
            />
            <div className="row g-2">
              {CARD_CODES.map(([name, column, autoComplete]) => (
                <div key={name} className={column}>
                  <InputField
                    label={t(`shop.card.${name}`)}
                    autoComplete={autoComplete}
                    inputMode="numeric"
                    {...field(name, `card-${name}`)}
                  />
                </div>
              ))}
            </div>
            {rootError && (
              <Alert variant="danger" className="small" role="alert">
                {rootError}
              </Alert>
            )}
            <div className="d-flex justify-content-between fw-semibold fs-5 mb-3">
              <span>{t('shop.card.total')}</span>
              <span data-testid="checkout-total">
                {money(Number(product.card_price) * quantity)}
              </span>
            </div>
            <SubmitButton pending={pay.isPending} className="w-100">
              {t('shop.card.pay', { amount: money(Number(product.card_price) * quantity) })}
            </SubmitButton>
            <p className="small text-body-secondary mt-2 mb-0">{t('shop.notes.delivery')}</p>
          </Form>
        </div>
      </div>
    </div>
  );
}
