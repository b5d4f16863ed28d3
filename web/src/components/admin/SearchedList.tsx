import type { ReactNode } from 'react';
import { AdminList, type ListQuery, type PageMeta } from './AdminList';
import { FilterBar } from './FilterBar';
import type { ListParams } from './useListParams';

/**
 * A catalogue table as a whole: its search box (and filter), then its rows paged on the server,
 * all of it kept in the URL by useListParams.
 */
export function SearchedList<T, F extends string = never>({
  params,
  query,
  search,
  filter,
  pagerLabel,
  loadError,
  empty,
  testId,
  loading,
  row,
}: {
  params: ListParams<F>;
  query: ListQuery & { data?: { data: T[]; meta: PageMeta } };
  /** The search box's label. */
  search: string;
  filter?: { label: string; values: readonly F[]; text: (value: F) => string };
  pagerLabel: string;
  loadError: string;
  empty: string;
  testId: string;
  loading?: { height: string; className?: string };
  row: (item: T) => ReactNode;
}) {
  return (
    <>
      <FilterBar
        label={search}
        initial={params.q}
        onSearch={params.search}
        filter={filter && { ...filter, value: params.filter, onChange: params.setFilter }}
      />
      <AdminList
        query={query}
        items={query.data?.data}
        loadError={loadError}
        empty={empty}
        testId={testId}
        loading={loading}
        row={row}
        pager={{
          page: params.page,
          meta: query.data?.meta,
          label: pagerLabel,
          onPage: params.setPage,
        }}
      />
    </>
  );
}
