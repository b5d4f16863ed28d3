import type { ReactNode } from 'react';
import { useState } from 'react';
import { ActionButton } from '@/components/admin/ActionButton';
import { AdminList, type ListQuery } from '@/components/admin/AdminList';
import { AdminPage } from '@/components/admin/AdminPage';
import { useTranslation } from '@/i18n/useTranslation';

/**
 * An admin page of scheduled content (ads, alerts): a card to create one, then a card per item,
 * its summary and an edit button that turns the card into its editor. Texts come from `ns`:
 * `intro`, `new`, `loadError`, `empty`, `edit`.
 */
export function ScheduledAdmin<T extends { id: number }>({
  title,
  ns,
  prefix,
  query,
  items,
  editor,
  summary,
}: {
  title: string;
  ns: string;
  /** The ids' and test ids' prefix: `${prefix}-new`, `${prefix}-item`, `data-${prefix}-id`. */
  prefix: string;
  query: ListQuery;
  items: T[] | undefined;
  /** The editor of a new item (no item) or of a saved one. */
  editor: (item: T | undefined, onDone: () => void) => ReactNode;
  summary: (item: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <AdminPage title={title} intro={t(`${ns}.intro`)}>
      <section className="addme-card p-3 mb-4" aria-labelledby={`${prefix}-new`}>
        <h2 className="h6" id={`${prefix}-new`}>
          {t(`${ns}.new`)}
        </h2>
        {editor(undefined, () => undefined)}
      </section>
      <AdminList
        query={query}
        items={items}
        loadError={t(`${ns}.loadError`)}
        empty={t(`${ns}.empty`)}
        className="list-unstyled d-flex flex-column gap-2"
        loading={{ height: 80, className: '' }}
        row={(item) => (
          <li
            key={item.id}
            className="addme-card p-3"
            data-testid={`${prefix}-item`}
            {...{ [`data-${prefix}-id`]: item.id }}
          >
            {editing === item.id ? (
              editor(item, () => setEditing(null))
            ) : (
              <div className="d-flex flex-column gap-2">
                {summary(item)}
                <div>
                  <ActionButton small onClick={() => setEditing(item.id)}>
                    {t(`${ns}.edit`)}
                  </ActionButton>
                </div>
              </div>
            )}
          </li>
        )}
      />
    </AdminPage>
  );
}
