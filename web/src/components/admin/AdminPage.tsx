import type { ReactNode } from 'react';

/**
 * An admin page: its heading (with the page's main action at its end, if it has one), the line
 * that says what it is for, then the page.
 */
export function AdminPage({
  title,
  intro,
  action,
  children,
}: {
  title: string;
  /** None: a page whose heading says it all. */
  intro?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      {action ? (
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h1 className="h3 mb-0">{title}</h1>
          {action}
        </div>
      ) : (
        <h1 className="h3">{title}</h1>
      )}
      {intro !== undefined && <p className="text-body-secondary">{intro}</p>}
      {children}
    </div>
  );
}
