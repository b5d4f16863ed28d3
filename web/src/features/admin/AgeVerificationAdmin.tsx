import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, Form, Nav } from 'react-bootstrap';
import { NavLink } from 'react-router';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema.gen';
import { AdminPage } from '@/components/admin/AdminPage';
import { AdminTable } from '@/components/admin/AdminTable';
import { useTranslation } from '@/i18n/useTranslation';
import { adminMeQuery } from '@/session/staff';
import { toast } from '@/toasts/toastStore';

type Jurisdiction = components['schemas']['JurisdictionRead'];
type Draft = components['schemas']['JurisdictionWrite'];

const KEY = ['admin', 'ondato'] as const;
const EMPTY: Draft = { country_code: '', region_code: '', effective_on: '', law: '', reason: '' };

function useJurisdictions() {
  return useQuery({
    queryKey: [...KEY, 'jurisdictions'],
    queryFn: ({ signal }) => unwrap(api.GET('/v1/admin/ondato/jurisdictions', { signal })),
  });
}

/** Add or edit one place; every change carries its reason into the audit log. */
function JurisdictionForm({
  editing,
  onDone,
}: {
  editing: Jurisdiction | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(
    editing
      ? {
          country_code: editing.country_code,
          region_code: editing.region_code,
          effective_on: editing.effective_on,
          law: editing.law,
          reason: '',
        }
      : EMPTY,
  );
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const save = useMutation({
    mutationFn: async () => {
      const { data, error, response } = editing
        ? await api.PUT('/v1/admin/ondato/jurisdictions/{jurisdiction_id}', {
            params: { path: { jurisdiction_id: editing.id } },
            body: draft,
          })
        : await api.POST('/v1/admin/ondato/jurisdictions', { body: draft });
      if (!response.ok) {
        setErrors((error as { errors?: Record<string, string[]> })?.errors ?? {});
        throw new Error('refused');
      }
      return data;
    },
    onSuccess: () => {
      toast.success(t('mod.ondato.saved'));
      void queryClient.invalidateQueries({ queryKey: KEY });
      onDone();
    },
  });
  const field = (name: keyof Draft, label: string, props: Record<string, unknown> = {}) => (
    <Form.Group controlId={`jur-${name}`} className="col-sm-6 col-lg-3">
      <Form.Label className="small">{label}</Form.Label>
      <Form.Control
        value={draft[name] ?? ''}
        isInvalid={!!errors[name]}
        onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
        {...props}
      />
      <Form.Control.Feedback type="invalid">{errors[name]?.[0]}</Form.Control.Feedback>
    </Form.Group>
  );
  return (
    <Form
      className="addme-card p-3 mb-3 row g-2"
      onSubmit={(e) => {
        e.preventDefault();
        setErrors({});
        save.mutate();
      }}
    >
      {field('country_code', t('mod.ondato.country'), { maxLength: 2, required: true })}
      {field('region_code', t('mod.ondato.region'), { maxLength: 3 })}
      {field('effective_on', t('mod.ondato.effective'), { type: 'date', required: true })}
      {field('law', t('mod.ondato.law'), { required: true, maxLength: 500 })}
      <Form.Group controlId="jur-reason" className="col-12">
        <Form.Label className="small">{t('mod.ondato.reason')}</Form.Label>
        <Form.Control
          value={draft.reason}
          required
          minLength={3}
          maxLength={500}
          isInvalid={!!errors.reason}
          onChange={(e) => setDraft({ ...draft, reason: e.target.value })}
        />
        <Form.Control.Feedback type="invalid">{errors.reason?.[0]}</Form.Control.Feedback>
      </Form.Group>
      <div className="col-12 d-flex gap-2">
        <Button type="submit" className="btn-touch" disabled={save.isPending}>
          {editing ? t('mod.ondato.saveEdit') : t('mod.ondato.add')}
        </Button>
        <Button variant="outline-secondary" className="btn-touch" onClick={onDone}>
          {t('mod.ondato.cancel')}
        </Button>
      </div>
    </Form>
  );
}

function Places() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useJurisdictions();
  const me = useQuery(adminMeQuery);
  const canEdit = !!me.data?.permissions.includes('trust.jurisdictions');
  const [editing, setEditing] = useState<Jurisdiction | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      unwrap(
        api.DELETE('/v1/admin/ondato/jurisdictions/{jurisdiction_id}', {
          params: { path: { jurisdiction_id: id } },
          body: { reason },
        }),
      ),
    onSuccess: () => {
      toast.success(t('mod.ondato.removed'));
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
  return (
    <section>
      <p className="text-body-secondary">{t('mod.ondato.placesIntro')}</p>
      {canEdit && editing === null && (
        <Button className="btn-touch mb-3" onClick={() => setEditing('new')}>
          {t('mod.ondato.addPlace')}
        </Button>
      )}
      {editing !== null && (
        <JurisdictionForm
          key={editing === 'new' ? 'new' : editing.id}
          editing={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <AdminTable
        testId="jurisdictions"
        columns={[
          t('mod.ondato.place'),
          t('mod.ondato.effective'),
          t('mod.ondato.law'),
          canEdit && t('mod.ondato.actions'),
        ]}
      >
        {(list.data ?? []).map((j) => (
          <tr key={j.id}>
            <td className="text-nowrap">{j.location_code}</td>
            <td className="text-nowrap">
              {j.effective_on}
              {!j.in_force && (
                <span className="badge text-bg-secondary ms-1">{t('mod.ondato.notYet')}</span>
              )}
            </td>
            <td className="small">{j.law}</td>
            {canEdit && (
              <td className="text-nowrap">
                <Button size="sm" variant="outline-primary" onClick={() => setEditing(j)}>
                  {t('mod.ondato.edit')}
                </Button>{' '}
                <Button
                  size="sm"
                  variant="outline-danger"
                  onClick={() => {
                    const reason = window.prompt(
                      t('mod.ondato.removeReason', { place: j.location_code }),
                    );
                    if (reason && reason.trim().length >= 3) remove.mutate({ id: j.id, reason });
                  }}
                >
                  {t('mod.ondato.remove')}
                </Button>
              </td>
            )}
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}

/** The figures of a day's verifications, a column each. */
const COUNTS = ['attempts', 'successes', 'failures', 'abandoned'] as const;

function Stats() {
  const { t } = useTranslation();
  const [days, setDays] = useState(30);
  const stats = useQuery({
    queryKey: [...KEY, 'stats', days],
    queryFn: ({ signal }) =>
      unwrap(api.GET('/v1/admin/ondato/stats', { params: { query: { days } }, signal })),
  });
  const s = stats.data;
  return (
    <section>
      <Form.Select
        aria-label={t('mod.ondato.period')}
        className="mb-3 w-auto"
        value={days}
        onChange={(e) => setDays(Number(e.target.value))}
      >
        {[7, 30, 90, 365].map((d) => (
          <option key={d} value={d}>
            {t('mod.ondato.lastDays', { count: d })}
          </option>
        ))}
      </Form.Select>
      {s && (
        <>
          <p data-testid="ondato-totals">
            {t('mod.ondato.totals', {
              attempts: s.attempts,
              successes: s.successes,
              failures: s.failures,
              abandoned: s.abandoned,
            })}
          </p>
          <AdminTable
            className="table table-sm mb-0"
            columns={['day', 'place', ...COUNTS].map((c) => t(`mod.ondato.${c}`))}
          >
            {s.rows.map((r) => (
              <tr key={`${r.day}-${r.location_code}`}>
                <td>{r.day}</td>
                <td>{r.location_code || '—'}</td>
                {COUNTS.map((c) => (
                  <td key={c}>{r[c]}</td>
                ))}
              </tr>
            ))}
          </AdminTable>
        </>
      )}
    </section>
  );
}

function ProviderTest() {
  const { t } = useTranslation();
  const check = useMutation({
    mutationFn: () => unwrap(api.POST('/v1/admin/ondato/test')),
  });
  return (
    <section>
      <p className="text-body-secondary">{t('mod.ondato.testIntro')}</p>
      <Button className="btn-touch mb-3" onClick={() => check.mutate()} disabled={check.isPending}>
        {t('mod.ondato.runTest')}
      </Button>
      {check.data && (
        <Alert variant={check.data.ok ? 'success' : 'danger'} data-testid="ondato-test-result">
          <strong>{check.data.provider}</strong>: {check.data.message}
        </Alert>
      )}
    </section>
  );
}

/** /admin/ondato, /admin/ondato/stats and /admin/ondato/test: age verification for admins. */
export function AgeVerificationAdmin({ tab }: { tab: 'places' | 'stats' | 'test' }) {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('mod.ondato.title')}>
      <Nav variant="tabs" className="mb-3">
        <Nav.Link as={NavLink} to="/admin/ondato" end>
          {t('mod.ondato.places')}
        </Nav.Link>
        <Nav.Link as={NavLink} to="/admin/ondato/stats">
          {t('mod.ondato.stats')}
        </Nav.Link>
        <Nav.Link as={NavLink} to="/admin/ondato/test">
          {t('mod.ondato.test')}
        </Nav.Link>
      </Nav>
      {tab === 'places' ? <Places /> : tab === 'stats' ? <Stats /> : <ProviderTest />}
    </AdminPage>
  );
}
