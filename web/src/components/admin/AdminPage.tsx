import type { ReactNode } from 'react';

/** An admin page: its heading, the line that says what it is for, then the page. */
export function AdminPage({
  title,
  intro,
  children,
}: {
  title: string;
  /** None: a page whose heading says it all. */
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <h1 className="h3">{title}</h1>
      {intro !== undefined && <p className="text-body-secondary">{intro}</p>}
      {children}
    </div>
  );
}
