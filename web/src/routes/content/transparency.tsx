import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { publicTransparencyQuery } from '@/features/transparency/queries';
import { HowWeCount, TransparencyMonths } from '@/features/transparency/TransparencyReport';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

/** /transparency: what was reported to AddMe and what it decided, month by month, for anyone. */
export function Component() {
  const { t } = useTranslation();
  const query = useQuery(publicTransparencyQuery);
  useTitle(t('legal.transparency.title'));
  return (
    <div className="mx-auto" style={{ maxWidth: 1100 }}>
      <h1 className="h3 mb-2">{t('legal.transparency.title')}</h1>
      <p className="text-body-secondary">{t('legal.transparency.lead')}</p>
      <p className="small">
        {t('legal.transparency.report')}{' '}
        <Link to="/report-content">{t('legal.transparency.reportLink')}</Link>
      </p>
      <HowWeCount />
      <TransparencyMonths query={query} />
    </div>
  );
}
