import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { api, unwrap } from '@/api/client';
import { ApiError } from '@/api/errors';
import { AdminList } from '@/components/admin/AdminList';
import { AdminPage } from '@/components/admin/AdminPage';
import { SelectOptions } from '@/components/admin/SelectOptions';
import { useTranslation } from '@/i18n/useTranslation';
import { toast } from '@/toasts/toastStore';
import { formatWhen } from './format';
import { type BlockSource, imageBansQuery, peopleKeys } from './queries';

const SOURCES: BlockSource[] = ['admin_ban', 'notice', 'import', 'stopncii'];
/** The server takes 5 MB of text at a time (docs/decisions.md "Image hashes"). */
const MAX_LIST_BYTES = 5_000_000;

function ImportForm() {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  // A new key empties the file input once its list is imported.
  const [picked, setPicked] = useState(0);
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const send = useMutation({
    mutationFn: async () => {
      if (!file) throw new Error('no file');
      return unwrap(
        api.POST('/v1/admin/image-hashes/import', { body: { text: await file.text(), reason } }),
      );
    },
    onSuccess: (result) => {
      toast.success(
        t('people.imageBans.imported', { count: result.added, already: result.already }),
      );
      setProblems([]);
      setFile(null);
      setPicked((n) => n + 1);
      setReason('');
      void queryClient.invalidateQueries({ queryKey: peopleKeys.imageBans });
    },
    onError: (error) => {
      setProblems(
        error instanceof ApiError
          ? [error.message, ...(error.fieldErrors.text ?? [])].filter(
              (line, i, all) => all.indexOf(line) === i,
            )
          : [],
      );
    },
  });
  const tooBig = file !== null && file.size > MAX_LIST_BYTES;
  return (
    <Form
      className="addme-card p-3 mb-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (file && !tooBig && reason.trim().length >= 3) send.mutate();
      }}
      data-testid="hash-import"
    >
      <h2 className="h5">{t('people.imageBans.importTitle')}</h2>
      <p className="small text-body-secondary">{t('people.imageBans.importHint')}</p>
      <div className="row g-2">
        <div className="col-md-6">
          <Form.Label htmlFor={`${id}-file`} className="fw-medium">
            {t('people.imageBans.file')}
          </Form.Label>
          <Form.Control
            key={picked}
            id={`${id}-file`}
            type="file"
            accept=".txt,.csv,.te,text/plain,text/csv"
            isInvalid={tooBig}
            onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
          />
          <Form.Control.Feedback type="invalid">
            {t('people.imageBans.tooBig')}
          </Form.Control.Feedback>
        </div>
        <div className="col-md-6">
          <Form.Label htmlFor={`${id}-reason`} className="fw-medium">
            {t('people.common.reason')}
          </Form.Label>
          <Form.Control
            id={`${id}-reason`}
            value={reason}
            maxLength={300}
            required
            minLength={3}
            onChange={(e) => setReason(e.target.value)}
          />
          <Form.Text>{t('people.common.reasonHint')}</Form.Text>
        </div>
      </div>
      {problems.length > 0 && (
        <ul className="text-danger small mt-2 mb-0" role="alert" data-testid="hash-import-problems">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <button
        type="submit"
        className="btn btn-accent btn-touch mt-3"
        disabled={send.isPending || !file || tooBig || reason.trim().length < 3}
      >
        {send.isPending ? t('people.imageBans.importing') : t('people.imageBans.import')}
      </button>
    </Form>
  );
}

/** /admin/image-bans: the block list (image bans, notices' removals, imported lists, StopNCII). */
export function ImageBansAdmin() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [source, setSource] = useState<BlockSource | null>(null);
  const [page, setPage] = useState(1);
  const bans = useQuery(imageBansQuery(source, page));
  const exportUrl = `/v1/admin/image-hashes/export${source ? `?source=${source}` : ''}`;
  return (
    <AdminPage title={t('people.imageBans.title')}>
      <p className="text-body-secondary">
        {t('people.imageBans.intro')}{' '}
        <Link to="/admin/gallery" className="d-inline-block py-2">
          {t('people.imageBans.toGallery')}
        </Link>
      </p>
      <ImportForm />
      <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
        <div>
          <Form.Label htmlFor={`${id}-source`} className="fw-medium">
            {t('people.imageBans.source')}
          </Form.Label>
          <Form.Select
            id={`${id}-source`}
            value={source ?? ''}
            onChange={(e) => {
              setSource((e.target.value || null) as BlockSource | null);
              setPage(1);
            }}
          >
            <SelectOptions
              any={t('people.imageBans.allSources')}
              values={SOURCES}
              text={(s) => t(`people.imageBans.sources.${s}`)}
            />
          </Form.Select>
        </div>
        <a className="btn btn-outline-secondary btn-touch" href={exportUrl} download>
          {t('people.imageBans.export')}
        </a>
      </div>
      <AdminList
        query={bans}
        items={bans.data?.data}
        keepRowsOnError
        loadError={t('people.common.loadError')}
        loading={{ height: '8rem' }}
        empty={t('people.imageBans.empty')}
        className="list-unstyled d-flex flex-column gap-2"
        testId="image-bans"
        row={(b) => (
          <li key={b.id} className="addme-card p-3">
            <div className="d-flex flex-wrap gap-2 align-items-baseline mb-1">
              <span className="badge text-bg-secondary">
                {t(`people.imageBans.sources.${b.source}`)}
              </span>
              <span className="small text-body-secondary">
                {b.quality === null
                  ? t('people.imageBans.qualityUnknown')
                  : t('people.imageBans.quality', { quality: b.quality })}
              </span>
            </div>
            <div className="small text-body-secondary text-break">
              {t('people.imageBans.hash')}: <code className="text-body">{b.pdq}</code>
            </div>
            <div className="text-break">{b.reason || '—'}</div>
            <div className="small text-body-secondary text-break">
              {formatWhen(b.created_at, i18n.language)}
              {b.created_by ? ` · ${t('people.user.actor', { id: b.created_by })}` : ''}
              {b.subject ? ` · ${b.subject}` : ''}
            </div>
          </li>
        )}
        pager={{
          people: true,
          page,
          meta: bans.data?.meta,
          label: t('people.imageBans.title'),
          onPage: setPage,
        }}
      />
    </AdminPage>
  );
}
