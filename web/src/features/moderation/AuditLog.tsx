import { useQuery } from '@tanstack/react-query';
import { Form } from 'react-bootstrap';
import { AdminPage } from '@/components/admin/AdminPage';
import { useTranslation } from '@/i18n/useTranslation';
import { QueueList, useAgo, useQueueParams } from './parts';
import { type AuditRow, auditQuery } from './queries';

function Change({ row }: { row: AuditRow }) {
  const keys = [...new Set([...Object.keys(row.before ?? {}), ...Object.keys(row.after ?? {})])];
  const changed = keys.filter(
    (k) => JSON.stringify(row.before?.[k]) !== JSON.stringify(row.after?.[k]),
  );
  if (changed.length === 0) return null;
  return (
    <ul className="list-unstyled small mb-0 font-monospace text-break">
      {changed.map((k) => (
        <li key={k}>
          {k}: {JSON.stringify(row.before?.[k] ?? null)} → {JSON.stringify(row.after?.[k] ?? null)}
        </li>
      ))}
    </ul>
  );
}

/** /admin/audit: every admin action, newest first; filter by who, what and on what. */
export function AuditLog() {
  const { t } = useTranslation();
  const ago = useAgo();
  const { page, get, set } = useQueueParams();
  const filters = { actor: get('actor'), action: get('action'), target: get('target') };
  const query = useQuery(auditQuery(filters, page));
  return (
    <AdminPage title={t('mod.nav.audit')}>
      <Form
        className="row g-2 mb-3"
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          for (const key of ['actor', 'action', 'target'] as const)
            set(key, String(data.get(key) ?? '').trim());
        }}
      >
        {(['actor', 'action', 'target'] as const).map((key) => (
          <div className="col-12 col-md-3" key={key}>
            <Form.Label htmlFor={`audit-${key}`} className="small mb-1">
              {t(`mod.audit.${key}`)}
            </Form.Label>
            <Form.Control
              id={`audit-${key}`}
              name={key}
              defaultValue={filters[key]}
              inputMode={key === 'actor' ? 'numeric' : undefined}
              placeholder={t(`mod.audit.${key}Hint`)}
            />
          </div>
        ))}
        <div className="col-12 col-md-3 d-flex align-items-end">
          <button type="submit" className="btn btn-outline-secondary btn-touch w-100">
            {t('mod.audit.filter')}
          </button>
        </div>
      </Form>
      <QueueList
        pending={query.isPending}
        items={query.data?.data}
        empty={t('mod.audit.empty')}
        className="list-unstyled d-flex flex-column gap-2"
        card={(row) => (
          <li key={row.id} className="addme-card p-3" data-testid="audit-row">
            <div className="d-flex flex-wrap gap-2 align-items-center">
              <span className="badge text-bg-secondary font-monospace">{row.action}</span>
              {row.target && (
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0 font-monospace"
                  onClick={() => set('target', row.target ?? '')}
                >
                  {row.target}
                </button>
              )}
              <span className="small text-body-secondary">{ago(row.created_at)}</span>
            </div>
            <div className="small text-break">
              {row.admin_email ?? t('mod.audit.gone')}
              {row.admin_level ? ` (${row.admin_level})` : ''}
            </div>
            {row.reason && <p className="small mb-1 text-break">“{row.reason}”</p>}
            <Change row={row} />
          </li>
        )}
        pager={{ page, meta: query.data?.meta }}
      />
    </AdminPage>
  );
}
