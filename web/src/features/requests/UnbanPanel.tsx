import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { api, unwrap, usernamePath } from '@/api/client';
import { ApiError } from '@/api/errors';
import { myUsernameQuery } from '@/api/myUsernames';
import { myUsernamesKey } from '@/api/queryKeys';
import { ButtonLink } from '@/components/ButtonLink';
import { SubmitButton } from '@/components/FormField';
import { useTranslation } from '@/i18n/useTranslation';
import { formatDate } from '@/lib/format';
import { toast } from '@/toasts/toastStore';

/** "2d 03:04:05" for a countdown. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86400);
  const hms = [Math.floor((s % 86400) / 3600), Math.floor((s % 3600) / 60), s % 60]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
  return d > 0 ? `${d}d ${hms}` : hms;
}

/** /user/unban/:id: the ban, its wait time counting down, then "ready to unban" and the request. */
export function UnbanPanel({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const key = ['user', 'unban', id] as const;
  const state = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      unwrap(api.GET('/v1/user/usernames/{username_id}/unban', { ...usernamePath(id), signal })),
    retry: false,
  });
  const username = useQuery(myUsernameQuery(id));
  const [left, setLeft] = useState<number | null>(null);
  const [message, setMessage] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: restart only when the state changes.
  useEffect(() => {
    if (!state.data) return;
    const end = Date.now() + state.data.wait_seconds * 1000;
    setLeft(state.data.wait_seconds);
    if (state.data.wait_seconds <= 0) return;
    const timer = setInterval(() => {
      const next = Math.max(0, Math.round((end - Date.now()) / 1000));
      setLeft(next);
      if (next === 0) {
        clearInterval(timer);
        void queryClient.invalidateQueries({ queryKey: key });
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [state.data]);

  const request = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/v1/user/usernames/{username_id}/unban-request', {
          ...usernamePath(id),
          body: { message },
        }),
      ),
    onSuccess: (result) => {
      toast.success(result.message);
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: myUsernamesKey });
    },
  });

  if (state.isPending) return <p role="status">{t('listings.loading')}</p>;
  if (state.isError) {
    if (state.error instanceof ApiError && state.error.status === 404) {
      return <p className="addme-card p-4">{t('community.media.notFound')}</p>;
    }
    throw state.error;
  }
  const s = state.data;
  const name = username.data?.username;
  const banned = s.status === 'banned';
  const ready = s.ready || (left !== null && left <= 0 && banned);

  return (
    <div className="addme-card p-3 p-md-4" data-testid="unban">
      {name && <p className="fw-medium mb-2 text-break">{name}</p>}
      {request.data?.unbanned ? (
        <Alert variant="success" data-testid="unban-done">
          {request.data.message}
        </Alert>
      ) : !banned ? (
        <Alert variant="info" className="mb-0">
          {t('community.unban.notBanned')}
        </Alert>
      ) : s.request?.status === 'pending' ? (
        <Alert variant="info" data-testid="unban-pending">
          {t('community.unban.pending')}
        </Alert>
      ) : !ready ? (
        <div data-testid="unban-wait">
          <p className="mb-1">{t('community.unban.banned')}</p>
          <p className="display-6 fw-bold mb-1" aria-live="off" data-testid="unban-countdown">
            {formatCountdown(left ?? s.wait_seconds)}
          </p>
          <p className="small text-body-secondary mb-0">
            {s.banned_until
              ? t('community.unban.until', {
                  when: formatDate(s.banned_until, i18n.language, 'moment'),
                })
              : t('community.unban.noEnd')}
          </p>
        </div>
      ) : (
        <Form
          onSubmit={(e) => {
            e.preventDefault();
            request.mutate();
          }}
          data-testid="unban-ready"
        >
          <Alert variant="success">{t('community.unban.ready')}</Alert>
          <Form.Group className="mb-3" controlId="unban-message">
            <Form.Label className="fw-medium">{t('community.unban.message')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={4}
              maxLength={1000}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
            <Form.Text>{t('community.unban.messageHint')}</Form.Text>
          </Form.Group>
          <SubmitButton pending={request.isPending} className="w-100">
            {t('community.unban.request')}
          </SubmitButton>
        </Form>
      )}
      <ButtonLink to="/user" className="mt-3">
        {t('nav.myUsernames')}
      </ButtonLink>
    </div>
  );
}
