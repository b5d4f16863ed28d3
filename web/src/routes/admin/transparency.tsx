import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { adminTransparencyQuery } from '@/features/transparency/queries';
import { HowWeCount, TransparencyMonths } from '@/features/transparency/TransparencyReport';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';
import { serverGuard } from './serverGuard';

export const loader = serverGuard('/v1/admin/transparency?months=1');

const RANGES = [12, 24, 36] as const;

/** /admin/transparency: the same report over up to 36 months, and its CSV for the monthly report. */
export function Component() {
  const { t } = useTranslation();
  const [months, setMonths] = useState<number>(12);
  const query = useQuery(adminTransparencyQuery(months));
  useTitle(t('mod.nav.transparency'));
  return (
    <div>
      <h1 className="h3">{t('mod.nav.transparency')}</h1>
      <p className="text-body-secondary">{t('mod.transparency.intro')}</p>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <Form.Select
          aria-label={t('mod.transparency.range')}
          className="addme-touch-select w-auto"
          value={months}
          onChange={(e) => setMonths(Number(e.target.value))}
        >
          {RANGES.map((n) => (
            <option key={n} value={n}>
              {t('mod.transparency.months', { count: n })}
            </option>
          ))}
        </Form.Select>
        <a
          className="btn btn-outline-secondary btn-touch"
          href={`/v1/admin/transparency.csv?months=${months}`}
          download
        >
          {t('mod.transparency.csv')}
        </a>
      </div>
      <HowWeCount />
      <TransparencyMonths
        data={query.data}
        isError={query.isError}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    </div>
  );
}
