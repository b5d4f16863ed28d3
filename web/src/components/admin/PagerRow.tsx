import { useTranslation } from '@/i18n/useTranslation';

/** Previous / next for an admin table (AdminList) paged on the server; nothing when one page holds it all. */
export function PagerRow({
  page,
  total,
  hasNext,
  label,
  onPage,
}: {
  page: number;
  total: number;
  hasNext: boolean;
  label: string;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (page <= 1 && !hasNext) return null;
  return (
    <nav className="d-flex align-items-center gap-2 mt-3" aria-label={label}>
      <button
        type="button"
        className="btn btn-outline-secondary btn-touch"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('catalog.common.previous')}
      </button>
      <span className="small text-body-secondary">
        {t('catalog.common.pageOf', { page, total })}
      </span>
      <button
        type="button"
        className="btn btn-outline-secondary btn-touch"
        disabled={!hasNext}
        onClick={() => onPage(page + 1)}
      >
        {t('catalog.common.next')}
      </button>
    </nav>
  );
}
