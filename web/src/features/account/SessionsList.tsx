import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, ListGroup, Placeholder } from 'react-bootstrap';
import { api, unwrap } from '@/api/client';
import { useTranslation } from '@/i18n/useTranslation';
import { formatDate } from '@/lib/format';
import { toast } from '@/toasts/toastStore';
import { sessionsQuery } from './queries';

function describeAgent(agent: string | null | undefined, unknown: string): string {
  if (!agent) return unknown;
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrome\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : null;
  const os = /iPhone|iPad/.test(agent)
    ? 'iOS'
    : /Android/.test(agent)
      ? 'Android'
      : /Windows/.test(agent)
        ? 'Windows'
        : /Mac OS X/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : null;
  return [browser, os].filter(Boolean).join(' · ') || agent.slice(0, 60);
}

export function SessionsList() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery);
  const revoke = useMutation({
    mutationFn: (id: number) =>
      unwrap(
        api.DELETE('/v1/user/sessions/{session_id}', { params: { path: { session_id: id } } }),
      ),
    onSuccess: () => {
      toast.success(t('account.sessionRevoked'));
      void queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey });
    },
  });
  const date = (value: string | null | undefined) =>
    formatDate(value, i18n.language, 'moment') || '—';

  if (sessions.isPending) {
    return (
      <Placeholder as="div" animation="glow" aria-busy="true">
        <Placeholder xs={12} className="addme-skeleton-field" />
      </Placeholder>
    );
  }
  if (!sessions.data?.length)
    return <p className="text-body-secondary">{t('account.noSessions')}</p>;

  return (
    <ListGroup variant="flush" className="addme-sessions">
      {sessions.data.map((s) => (
        <ListGroup.Item
          key={s.id}
          className="d-flex flex-wrap gap-2 align-items-center justify-content-between px-0"
        >
          <div>
            <div className="fw-medium">
              {describeAgent(s.user_agent, t('account.unknownDevice'))}{' '}
              {s.current && (
                <Badge bg="success" className="ms-1">
                  {t('account.thisDevice')}
                </Badge>
              )}
            </div>
            <div className="small text-body-secondary">
              {t('account.sessionDates', {
                created: date(s.created_at),
                used: date(s.last_used_at),
              })}
            </div>
          </div>
          {!s.current && (
            <button
              type="button"
              className="btn btn-outline-secondary btn-touch"
              disabled={revoke.isPending && revoke.variables === s.id}
              onClick={() => revoke.mutate(s.id)}
            >
              {t('account.revoke')}
            </button>
          )}
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}
