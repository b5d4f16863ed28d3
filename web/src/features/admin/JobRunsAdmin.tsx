import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Badge, Form } from 'react-bootstrap';
import { useSearchParams } from 'react-router';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema.gen';
import { AdminPage } from '@/components/admin/AdminPage';
import { LoadingBlock } from '@/components/LoadingBlock';
import { Pager } from '@/components/Pager';
import { useTranslation } from '@/i18n/useTranslation';
import { formatDate } from '@/lib/format';

type JobRun = components['schemas']['JobRunRead'];

export function jobRunsQuery(name: string, page: number) {
  return queryOptions({
    queryKey: ['admin', 'job-runs', name, page] as const,
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/v1/admin/jobs/runs', {
          params: { query: { name: name || undefined, page } },
          signal,
        }),
      ),
    refetchInterval: 60_000,
  });
}

function Counts({ run }: { run: JobRun }) {
  const { t } = useTranslation();
  const entries = Object.entries(run.counts);
  if (run.error) {
    return (
      <span className="text-danger small text-break">
        {t('upkeep.jobs.error', { error: run.error })}
      </span>
    );
  }
  if (entries.length === 0 || entries.every(([, n]) => n === 0)) {
    return <span className="text-body-secondary small">{t('upkeep.jobs.nothing')}</span>;
  }
  return (
    <span className="d-flex flex-wrap gap-1">
      {entries.map(([key, count]) => (
        <Badge key={key} bg={count > 0 ? 'primary' : 'secondary'} className="fw-normal">
          {t(`upkeep.jobs.count.${key}`, { count, defaultValue: `${key}: ${count}` })}
        </Badge>
      ))}
    </span>
  );
}

/** /admin/jobs: the logged jobs' recent runs (cleanups, reminders) with their counts. Full only. */
export function JobRunsAdmin() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const name = params.get('job') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const runs = useQuery({ ...jobRunsQuery(name, page), placeholderData: keepPreviousData });
  const jobName = (job: string) => t(`upkeep.jobs.names.${job}`, { defaultValue: job });
  const seconds = (run: JobRun) =>
    Math.max(0, Math.round((Date.parse(run.finished_at) - Date.parse(run.started_at)) / 1000));

  return (
    <AdminPage title={t('upkeep.jobs.title')} intro={t('upkeep.jobs.intro')}>
      <Form.Group className="mb-3" style={{ maxWidth: '24rem' }} controlId="job-filter">
        <Form.Label className="small mb-1">{t('upkeep.jobs.filter')}</Form.Label>
        <Form.Select
          value={name}
          onChange={(e) => {
            const next = new URLSearchParams();
            if (e.target.value) next.set('job', e.target.value);
            setParams(next, { replace: true });
          }}
        >
          <option value="">{t('upkeep.jobs.all')}</option>
          {(runs.data?.jobs ?? []).map((job) => (
            <option key={job} value={job}>
              {jobName(job)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {runs.isPending ? (
        <LoadingBlock height="8rem" busy />
      ) : !runs.data || runs.data.data.length === 0 ? (
        <div className="addme-card addme-empty p-4 text-center" data-testid="job-runs-empty">
          {t('upkeep.jobs.empty')}
        </div>
      ) : (
        <>
          <ul className="list-unstyled d-flex flex-column gap-2 mb-0" data-testid="job-runs">
            {runs.data.data.map((run) => (
              <li key={run.id} className="addme-card p-3" data-testid="job-run">
                <div className="d-flex flex-wrap justify-content-between gap-2 mb-1">
                  <span className="fw-semibold">{jobName(run.name)}</span>
                  <span className="small text-body-secondary">
                    {formatDate(run.started_at, i18n.language, 'moment')}
                    {' · '}
                    {t('upkeep.jobs.seconds', { count: seconds(run) })}
                  </span>
                </div>
                <Counts run={run} />
              </li>
            ))}
          </ul>
          <Pager
            page={runs.data.meta.page}
            hasNext={runs.data.meta.has_next}
            hrefFor={(n) => {
              const next = new URLSearchParams(params);
              if (n > 1) next.set('page', String(n));
              else next.delete('page');
              const qs = next.toString();
              return qs ? `/admin/jobs?${qs}` : '/admin/jobs';
            }}
          />
        </>
      )}
    </AdminPage>
  );
}
