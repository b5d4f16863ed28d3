import type { CSSProperties, ReactNode } from 'react';
import { LoadError } from '@/components/LoadError';
import { LoadingBlock } from '@/components/LoadingBlock';
import { PagerRow } from './PagerRow';

/** What AdminList reads of a query (useQuery's result). */
export type ListQuery = { isError: boolean; isFetching: boolean; refetch: () => unknown };

/**
 * An admin table as its pages draw it: the load error with a retry, a placeholder while the first
 * page loads, the empty text, or a card per row (each row draws its own <li>) and the pager.
 */
export function AdminList<T>({
  query,
  items,
  loadError,
  empty,
  row,
  testId,
  as: List = 'ul',
  className = 'list-unstyled d-flex flex-column gap-2 mb-0',
  loading = { height: '10rem', className: 'rounded-4' },
  pager,
}: {
  query: ListQuery;
  /** The rows; undefined until the first answer. */
  items: T[] | undefined;
  loadError: string;
  /** The text of an empty table (none: a list that is never empty, drawn as it is). */
  empty?: string;
  row: (item: T) => ReactNode;
  testId?: string;
  /** A list of forms rather than rows: a <div> of them. */
  as?: 'ul' | 'div';
  className?: string;
  loading?: { height: CSSProperties['height']; className?: string };
  /** A table paged on the server: its page, the answer's meta, and where a page change goes. */
  pager?: {
    page: number;
    meta: { total: number; has_next: boolean } | undefined;
    label: string;
    onPage: (page: number) => void;
  };
}) {
  if (query.isError) {
    return (
      <LoadError
        message={loadError}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (!items) {
    return <LoadingBlock height={loading.height} className={loading.className} />;
  }
  if (items.length === 0 && empty !== undefined)
    return <p className="text-body-secondary">{empty}</p>;
  return (
    <>
      <List className={className} data-testid={testId}>
        {items.map(row)}
      </List>
      {pager?.meta && (
        <PagerRow
          page={pager.page}
          total={pager.meta.total}
          hasNext={pager.meta.has_next}
          label={pager.label}
          onPage={pager.onPage}
        />
      )}
    </>
  );
}
