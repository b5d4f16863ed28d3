import { ButtonLink } from '@/components/ButtonLink';
import { useTranslation } from '@/i18n/useTranslation';
import './cards.css';

/** Previous / next with rel links (also hoisted into <head> by React 19) for crawlers. */
export function Pager({
  page,
  hasNext,
  hrefFor,
  totalPages,
}: {
  page: number;
  hasNext: boolean;
  hrefFor: (page: number) => string;
  totalPages?: number;
}) {
  const { t } = useTranslation();
  if (page <= 1 && !hasNext) return null;
  const prev = page > 1 ? hrefFor(page - 1) : null;
  const next = hasNext ? hrefFor(page + 1) : null;
  return (
    <nav className="pager mt-4" aria-label={t('listings.pager.label')} data-testid="pager">
      {prev && <link rel="prev" href={prev} />}
      {next && <link rel="next" href={next} />}
      {prev ? (
        <ButtonLink to={prev} rel="prev">
          {t('listings.pager.prev')}
        </ButtonLink>
      ) : (
        <span className="btn btn-outline-secondary btn-touch disabled" aria-hidden="true">
          {t('listings.pager.prev')}
        </span>
      )}
      <span className="text-body-secondary small" aria-current="page">
        {totalPages
          ? t('listings.pager.pageOf', { page, total: totalPages })
          : t('listings.pager.page', { page })}
      </span>
      {next ? (
        <ButtonLink to={next} rel="next">
          {t('listings.pager.next')}
        </ButtonLink>
      ) : (
        <span className="btn btn-outline-secondary btn-touch disabled" aria-hidden="true">
          {t('listings.pager.next')}
        </span>
      )}
    </nav>
  );
}
