import type { CSSProperties, ReactNode } from 'react';
import { LoadState } from './LoadState';
import { PagerRow } from './PagerRow';

/** What AdminList reads of a query (useQuery's result). */
export type ListQuery = { isError: boolean; isFetching: boolean; refetch: () => unknown };

/** The meta of a page answered by the server. */
export type PageMeta = { total: number; has_next: boolean; total_capped?: boolean };

/** A table paged on the server: its page, the answer's meta, and where a page change goes. */
export type ListPager = {
  page: number;
  meta: PageMeta | undefined;
  label: string;
  onPage: (page: number) => void;
  /** The people pages keep the pager under their table, with their own texts. */
  people?: boolean;
};

type Common<T> = {
  query: ListQuery;
  /** The rows; undefined until the first answer. */
  items: T[] | undefined;
  loadError: string;
  /**
   * What an empty table shows: a text (drawn as a muted paragraph) or its own element; none: a
   * list that is never empty, drawn as it is.
   */
  empty?: ReactNode;
  loading?: { height: CSSProperties['height']; className?: string };
  /**
   * A failed refetch leaves the rows already shown on screen (the people pages); by default the
   * error replaces them.
   */
  keepRowsOnError?: boolean;
  pager?: ListPager;
};

/**
 * An admin table as its pages draw it: the load error with a retry, a placeholder while the first
 * page loads, the empty text, or the rows and the pager. `row` draws a card per row in a list
 * (each row its own <li>); `render` draws all the rows itself (a table and its phone cards).
 */
export function AdminList<T>(
  props: Common<T> &
    (
      | {
          row: (item: T) => ReactNode;
          testId?: string;
          /** A list of forms rather than rows: a <div> of them. */
          as?: 'ul' | 'div';
          className?: string;
        }
      | { render: (items: T[]) => ReactNode }
    ),
) {
  const {
    query,
    items,
    loadError,
    empty,
    loading = { height: '10rem', className: 'rounded-4' },
    keepRowsOnError = false,
    pager,
  } = props;
  const failed = query.isError && !(keepRowsOnError && items);
  if (failed || !items) {
    return (
      <LoadState
        query={query}
        failed={failed}
        loadError={loadError}
        height={loading.height}
        className={loading.className}
      />
    );
  }
  if (items.length === 0 && empty !== undefined) {
    return typeof empty === 'string' ? <p className="text-body-secondary">{empty}</p> : empty;
  }
  let rows: ReactNode;
  if ('render' in props) rows = props.render(items);
  else {
    const {
      as: List = 'ul',
      className = 'list-unstyled d-flex flex-column gap-2 mb-0',
      testId,
      row,
    } = props;
    rows = (
      <List className={className} data-testid={testId}>
        {items.map(row)}
      </List>
    );
  }
  return (
    <>
      {rows}
      {pager?.meta && (
        <PagerRow
          page={pager.page}
          total={pager.meta.total}
          hasNext={pager.meta.has_next}
          label={pager.label}
          onPage={pager.onPage}
          {...(pager.people
            ? { always: true, texts: 'people', capped: pager.meta.total_capped ?? false }
            : {})}
        />
      )}
    </>
  );
}
