import type { ReactNode } from 'react';

/** A panel of the admin home: a small caps heading that names the region, then its figures. */
export function AdminSection({
  id,
  title,
  children,
}: {
  /** The heading's id (the region is labelled by it). */
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mb-4">
      <h2 className="h6 text-uppercase text-body-secondary" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}
