import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router';
import { ActionButton } from '@/components/admin/ActionButton';
import { AdminList } from '@/components/admin/AdminList';
import { AdminPage } from '@/components/admin/AdminPage';
import { TableAndCards } from '@/components/admin/AdminTable';
import { Flag } from '@/components/Flag';
import { useTranslation } from '@/i18n/useTranslation';
import { formatDate } from '@/lib/format';
import {
  isLookUp,
  readTrackerSearch,
  TRACKER_FIELDS,
  type TrackerField,
  trackersQuery,
} from './queries';

const COLUMNS = ['when', 'what', 'fields.ip', 'place', 'device', 'visitorCol', 'referer'] as const;

type Row = NonNullable<ReturnType<typeof useTrackers>['data']>['data'][number];

function useTrackers() {
  const [params] = useSearchParams();
  return useQuery(trackersQuery(readTrackerSearch(params)));
}

function Place({ row }: { row: Row }) {
  const parts = [row.city, row.region, row.postal].filter(Boolean).join(', ');
  return (
    <span className="d-inline-flex align-items-center gap-1">
      {row.country && <Flag code={row.country} />}
      <span>{[row.country, parts].filter(Boolean).join(' · ') || '—'}</span>
    </span>
  );
}

/** What was visited: the profile's username, or the page's path. */
function What({ row }: { row: Row }) {
  const { t } = useTranslation();
  if (row.kind !== 'profile') return <code className="text-body">{row.path}</code>;
  return (
    <>
      {t('guard.trackers.profile')} <strong>{row.username ?? `#${row.username_id}`}</strong>
    </>
  );
}

const device = (row: Row) => [row.browser, row.platform].filter(Boolean).join(' · ') || '—';

function Visitor({ row }: { row: Row }) {
  const { t } = useTranslation();
  if (!row.user_id)
    return <span className="text-body-secondary">{t('guard.trackers.visitor')}</span>;
  return (
    <Link to={`/admin/users/${row.user_id}`} className="text-break">
      {row.user_email ?? `#${row.user_id}`}
    </Link>
  );
}

/** /admin/trackers: the visit log (page loads and profile views of the last 90 days), looked up. */
export function TrackersAdmin() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = readTrackerSearch(params);
  const trackers = useTrackers();
  const [draft, setDraft] = useState<Record<TrackerField, string>>(() => ({
    ip: search.ip ?? '',
    username: search.username ?? '',
    user: search.user ?? '',
    day: search.day ?? '',
  }));
  const page = search.page ?? 1;

  const goTo = (nextPage: number) => {
    const next = new URLSearchParams(params);
    if (nextPage > 1) next.set('page', String(nextPage));
    else next.delete('page');
    setParams(next);
  };

  return (
    <AdminPage title={t('guard.trackers.title')} intro={t('guard.trackers.intro')}>
      <Form
        role="search"
        className="addme-card p-3 mb-3 row g-2 align-items-end mx-0"
        onSubmit={(e) => {
          e.preventDefault();
          const next = new URLSearchParams();
          for (const field of TRACKER_FIELDS) {
            const value = draft[field].trim();
            if (value) next.set(field, value);
          }
          setParams(next);
        }}
      >
        {TRACKER_FIELDS.map((field) => (
          <Form.Group
            key={field}
            className="col-12 col-sm-6 col-lg-3"
            controlId={`trackers-${field}`}
          >
            <Form.Label className="small mb-1">{t(`guard.trackers.fields.${field}`)}</Form.Label>
            <Form.Control
              type={field === 'day' ? 'date' : 'text'}
              maxLength={field === 'user' ? 254 : 45}
              value={draft[field]}
              className={field === 'ip' ? 'font-monospace' : undefined}
              onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
            />
          </Form.Group>
        ))}
        <div className="col-12 d-flex gap-2 justify-content-end">
          <ActionButton
            onClick={() => {
              setDraft({ ip: '', username: '', user: '', day: '' });
              setParams(new URLSearchParams());
            }}
          >
            {t('guard.trackers.clear')}
          </ActionButton>
          <button type="submit" className="btn btn-accent btn-touch">
            {t('guard.trackers.search')}
          </button>
        </div>
      </Form>

      <AdminList
        query={trackers}
        items={trackers.data?.data}
        keepRowsOnError
        loadError={t('guard.trackers.loadError')}
        loading={{ height: '12rem' }}
        empty={
          <p className="text-body-secondary" role="status" data-testid="trackers-empty">
            {isLookUp(search) ? t('guard.trackers.notFound') : t('guard.trackers.empty')}
          </p>
        }
        render={(rows) => (
          <TableAndCards
            items={rows}
            testId="trackers"
            columns={COLUMNS.map((c) => t(`guard.trackers.${c}`))}
            row={(row) => (
              <tr key={row.id}>
                <td className="text-nowrap">
                  {formatDate(row.created_at, i18n.language, 'compact')}
                </td>
                <td className="text-break">
                  {row.kind === 'profile' ? (
                    <span>
                      <What row={row} />
                    </span>
                  ) : (
                    <What row={row} />
                  )}
                </td>
                <td className="font-monospace text-break">{row.ip}</td>
                <td>
                  <Place row={row} />
                </td>
                <td title={row.user_agent}>{device(row)}</td>
                <td>
                  <Visitor row={row} />
                </td>
                <td className="text-break small">{row.referer || '—'}</td>
              </tr>
            )}
            cardKey={(row) => row.id}
            card={(row) => (
              <>
                <div className="d-flex justify-content-between gap-2">
                  <span className="font-monospace fw-semibold text-break">{row.ip}</span>
                  <span className="small text-body-secondary text-nowrap">
                    {formatDate(row.created_at, i18n.language, 'compact')}
                  </span>
                </div>
                <div className="small text-break">
                  <What row={row} />
                </div>
                <div className="small">
                  <Place row={row} />
                </div>
                <div className="small text-body-secondary">{device(row)}</div>
                <div className="small">
                  <Visitor row={row} />
                </div>
              </>
            )}
          />
        )}
        pager={{
          people: true,
          page,
          meta: trackers.data?.meta,
          label: t('guard.trackers.title'),
          onPage: goTo,
        }}
      />
    </AdminPage>
  );
}
