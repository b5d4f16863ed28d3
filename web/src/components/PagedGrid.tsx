import { Fragment, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useRevealed } from '@/hooks/useAfterFirstPaint';
import { useTranslation } from '@/i18n/useTranslation';
import { LoadError } from './LoadError';
import { Pager } from './Pager';
import { SkeletonCard } from './UsernameCard';
import './cards.css';

/** Cards in a first visit's first frame: a phone's screen, and most of a desktop's first rows. */
const FIRST_CARDS = 4;
const MORE_CARDS_PER_TASK = 4;

export interface PageMeta {
  has_next: boolean;
  total: number;
  per_page: number;
}

/** The part of a react-query result the grid reads (a `UseQueryResult` of a paged answer fits). */
export interface PagedQuery<T> {
  data?: { data: T[]; meta: PageMeta };
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/** The `?page=` of the address: 1 when absent or not a page number. */
export function pageFrom(search: URLSearchParams): number {
  const page = Number.parseInt(search.get('page') ?? '', 10);
  return Number.isFinite(page) && page > 1 ? page : 1;
}

export function usePage(): number {
  const [search] = useSearchParams();
  return pageFrom(search);
}

/** The address of page `page` of `pathname`: page 1 is the bare path, so each page has one URL. */
export function pageHref(pathname: string, page: number): string {
  return page > 1 ? `${pathname}?page=${page}` : pathname;
}

export function totalPages(meta: PageMeta | undefined): number | undefined {
  return meta && meta.total > 0 ? Math.ceil(meta.total / meta.per_page) : undefined;
}

/**
 * Every paged list of cards (usernames, groups, nudes, blog posts): skeletons while the first page
 * loads, the error with a retry, the empty state, the cards (dimmed while the next page loads over
 * the previous one), then the pager. Never a blank page.
 */
export function PagedGrid<T>({
  query,
  page,
  hrefFor,
  label,
  itemKey,
  renderItem,
  empty,
  errorMessage,
  gridClassName = 'ucard-grid ucard-grid-wide',
  skeleton = <SkeletonCard />,
  skeletons = 8,
  testId,
  itemTestId,
}: {
  query: PagedQuery<T>;
  page: number;
  hrefFor: (page: number) => string;
  label: string;
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  empty: ReactNode;
  errorMessage?: string;
  gridClassName?: string;
  skeleton?: ReactNode;
  skeletons?: number;
  /** data-testid of the list (and `${testId}-loading` of its placeholder). */
  testId?: string;
  itemTestId?: string;
}) {
  const { t } = useTranslation();
  const meta = query.data?.meta;
  // A first visit draws the first screen's cards in its first frame and the others in the next
  // tasks (hooks/useAfterFirstPaint): twenty cards in one go were most of a list's first render.
  const items = query.data?.data ?? [];
  const shown = useRevealed(items.length, FIRST_CARDS, MORE_CARDS_PER_TASK);
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div
        className={gridClassName}
        aria-busy="true"
        data-testid={testId ? `${testId}-loading` : undefined}
      >
        <span className="visually-hidden" role="status">
          {t('listings.loading')}
        </span>
        {Array.from({ length: skeletons }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <Fragment key={i}>{skeleton}</Fragment>
        ))}
      </div>
    );
  } else if (query.isError || !query.data) {
    body = <LoadError message={errorMessage ?? t('listings.loadFailed')} query={query} />;
  } else if (query.data.data.length === 0) {
    body = empty;
  } else {
    body = (
      <ul
        className={`${gridClassName} ${query.isPlaceholderData ? 'opacity-50' : ''}`}
        aria-label={label}
        data-testid={testId}
      >
        {items.slice(0, shown).map((item) => (
          <li key={itemKey(item)} data-testid={itemTestId}>
            {renderItem(item)}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <>
      {body}
      {meta && (
        <Pager
          page={page}
          hasNext={meta.has_next}
          totalPages={totalPages(meta)}
          hrefFor={hrefFor}
        />
      )}
    </>
  );
}
