import { ButtonLink } from '@/components/ButtonLink';
import { useTranslation } from '@/i18n/useTranslation';
import './cards.css';

/** A way to the previous or next page; where there is none, its place kept (a greyed button). */
function PageLink({ to, rel, label }: { to: string | null; rel: 'prev' | 'next'; label: string }) {
  if (!to)
    return (
      <span className="btn btn-outline-secondary btn-touch disabled" aria-hidden="true">
        {label}
      </span>
    );
  return (
    <ButtonLink to={to} rel={rel}>
      {label}
    </ButtonLink>
  );
}

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
      <PageLink to={prev} rel="prev" label={t('listings.pager.prev')} />
      <span className="text-body-secondary small" aria-current="page">
        {totalPages
          ? t('listings.pager.pageOf', { page, total: totalPages })
          : t('listings.pager.page', { page })}
      </span>
      <PageLink to={next} rel="next" label={t('listings.pager.next')} />
    </nav>
  );
}
