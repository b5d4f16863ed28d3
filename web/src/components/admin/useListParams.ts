import { useSearchParams } from 'react-router';

/**
 * An admin table's search, filter and page, kept in the URL so a view can be linked and reloaded.
 * A new search or filter goes back to the first page; the filter's first value is the default and
 * is left out of the URL.
 */
export function useListParams<F extends string = never>(filter?: {
  key: string;
  values: readonly F[];
}): ListParams<F> {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const update = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next);
  };
  const raw = filter ? (params.get(filter.key) ?? '') : '';
  const shown = filter?.values.find((v) => v === raw) ?? filter?.values[0];
  return {
    all: params,
    set: update,
    q,
    page,
    /** The filter's value (its default when the URL has none or one it does not know). */
    filter: shown as F,
    search: (next: string | null) => update('q', next),
    setPage: (p: number) => update('page', p > 1 ? String(p) : null),
    setFilter: (value: F) =>
      filter && update(filter.key, value === filter.values[0] ? null : value),
  };
}

/** What useListParams gives a table page. */
export type ListParams<F extends string = never> = {
  /** The whole query string, for a page with more filters than one. */
  all: URLSearchParams;
  /** Set (or, with null or '', drop) one parameter; anything but the page goes back to page 1. */
  set: (key: string, value: string | null) => void;
  q: string;
  page: number;
  filter: F;
  search: (next: string | null) => void;
  setPage: (p: number) => void;
  setFilter: (value: F) => void;
};

/** A page searched by one `q` in its URL; a new search leaves nothing else there. */
export function useSearchQuery() {
  const [params, setParams] = useSearchParams();
  return {
    q: params.get('q') ?? '',
    search: (next: string | null) => setParams(next ? { q: next } : {}),
  };
}
