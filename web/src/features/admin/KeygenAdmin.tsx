import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { catalogueQuery } from '@/api/catalogue';
import { CopyButton } from '@/components/CopyButton';
import { InputField, SelectField, SubmitButton } from '@/components/FormField';
import { useTranslation } from '@/i18n/useTranslation';
import { useKeygen } from './economyQueries';

/** /admin/keygen: pick a product and a count; the keys are shown once (only hashes are stored). */
export function KeygenAdmin() {
  const { t } = useTranslation();
  const catalogue = useQuery(catalogueQuery);
  const keygen = useKeygen();
  const [sku, setSku] = useState('');
  const [count, setCount] = useState(1);
  const keys = keygen.data?.keys ?? [];

  return (
    <div style={{ maxWidth: '40rem' }}>
      <h1 className="h3">{t('shop.admin.keygenTitle')}</h1>
      <p className="text-body-secondary">{t('shop.admin.keygenIntro')}</p>
      <Form
        className="addme-card p-3 p-sm-4 mb-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (sku) keygen.mutate({ sku, count });
        }}
      >
        <SelectField
          id="keygen-sku"
          label={t('shop.admin.product')}
          value={sku}
          required
          onChange={(e) => setSku(e.target.value)}
        >
          <option value="">{t('shop.admin.pickProduct')}</option>
          {catalogue.data?.products.map((p) => (
            <option key={p.sku} value={p.sku}>
              {p.name}
            </option>
          ))}
        </SelectField>
        <InputField
          id="keygen-count"
          label={t('shop.admin.count')}
          hint={t('shop.admin.countHint')}
          type="number"
          min={1}
          max={100}
          value={count}
          onChange={(e) => setCount(Math.max(1, Math.min(100, Number(e.target.value) || 1)))}
        />
        <SubmitButton pending={keygen.isPending}>{t('shop.admin.generate')}</SubmitButton>
      </Form>
      {keys.length > 0 && (
        <Alert variant="warning" data-testid="generated-keys">
          <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
            <strong className="me-auto">{t('shop.admin.keysOnce', { count: keys.length })}</strong>
            <CopyButton value={keys.join('\n')} label={t('shop.admin.copyAll')} />
          </div>
          <pre className="mb-0 font-monospace small user-select-all">{keys.join('\n')}</pre>
        </Alert>
      )}
    </div>
  );
}
