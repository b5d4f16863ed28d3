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
