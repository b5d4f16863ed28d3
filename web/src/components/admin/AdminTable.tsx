import type { ReactNode } from 'react';

/**
 * An admin table in its card, scrolling sideways on a narrow screen: a header cell per column
 * (false leaves a column out), the rows as children. `desktopOnly` hides it below large screens,
 * for a page that draws cards there instead.
 */
export function AdminTable({
  columns,
  children,
  testId,
  className = 'table table-sm align-middle mb-0',
  desktopOnly = false,
}: {
  columns: (string | false)[];
  children: ReactNode;
  testId?: string;
  className?: string;
  desktopOnly?: boolean;
}) {
  return (
    <div className={`table-responsive addme-card p-2${desktopOnly ? ' d-none d-lg-block' : ''}`}>
      <table className={className} data-testid={testId}>
        <thead>
          <tr>
            {columns.map(
              (c) =>
                c !== false && (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * A table on a desk and a card per row on a phone (the same rows twice: CSS shows one). Test ids
 * are `<testId>-table` and `<testId>-cards`.
 */
export function TableAndCards<T>({
  items,
  columns,
  testId,
  row,
  card,
  cardKey,
}: {
  items: T[];
  columns: string[];
  testId: string;
  /** The row's <tr>, with its key. */
  row: (item: T) => ReactNode;
  /** What the row's card holds. */
  card: (item: T) => ReactNode;
  cardKey: (item: T) => string | number;
}) {
  return (
    <>
      <AdminTable
        desktopOnly
        className="table table-sm table-hover align-middle mb-0"
        testId={`${testId}-table`}
        columns={columns}
      >
        {items.map(row)}
      </AdminTable>
      <ul
        className="list-unstyled d-flex flex-column gap-2 d-lg-none"
        data-testid={`${testId}-cards`}
      >
        {items.map((item) => (
          <li key={cardKey(item)} className="addme-card p-3">
            {card(item)}
          </li>
        ))}
      </ul>
    </>
  );
}
