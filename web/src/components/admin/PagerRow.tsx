import { useTranslation } from '@/i18n/useTranslation';

/** The pager's texts: the catalogue's (catalog.common.*) or the people pages' (people.common.*). */
const TEXTS = {
  catalog: {
    previous: 'catalog.common.previous',
    next: 'catalog.common.next',
    pageOf: 'catalog.common.pageOf',
    pageOfAtLeast: 'catalog.common.pageOf',
  },
  people: {
    previous: 'people.common.previous',
    next: 'people.common.loadMore',
    pageOf: 'people.common.pageOf',
    pageOfAtLeast: 'people.common.pageOfAtLeast',
  },
} as const;

/**
 * Previous / next for an admin table paged on the server (AdminList). Nothing when one page holds
 * it all, unless `always` (the people pages keep it under their table).
 */
export function PagerRow({
  page,
  total,
  hasNext,
  label,
  onPage,
  capped = false,
  always = false,
  texts = 'catalog',
}: {
  page: number;
  total: number;
  hasNext: boolean;
  label: string;
  onPage: (page: number) => void;
  /** The count stopped at `total` (a large table): "more than". */
  capped?: boolean;
  always?: boolean;
  texts?: keyof typeof TEXTS;
}) {
  const { t } = useTranslation();
  if (!always && page <= 1 && !hasNext) return null;
  const text = TEXTS[texts];
  return (
    <nav className="d-flex align-items-center gap-2 mt-3" aria-label={label}>
      <button
        type="button"
        className="btn btn-outline-secondary btn-touch"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t(text.previous)}
      </button>
      <span className="small text-body-secondary">
        {t(capped ? text.pageOfAtLeast : text.pageOf, { page, total })}
      </span>
      <button
        type="button"
        className="btn btn-outline-secondary btn-touch"
        disabled={!hasNext}
        onClick={() => onPage(page + 1)}
      >
        {t(text.next)}
      </button>
    </nav>
  );
}
