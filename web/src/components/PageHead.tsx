import type { ReactNode } from 'react';

/**
 * A list page's heading row: the title (with its lead line under it, if any) on one side, the
 * page's action or count (the children) on the other.
 */
export function PageHead({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: string;
  children?: ReactNode;
}) {
  return (
    <div className="listing-head mb-3">
      {lead ? (
        <div>
          <h1 className="h3 mb-1">{title}</h1>
          <p className="mb-0 text-body-secondary">{lead}</p>
        </div>
      ) : (
        <h1 className="h3 mb-0">{title}</h1>
      )}
      {children}
    </div>
  );
}
