import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { api, unwrap } from '@/api/client';
import { ApiError } from '@/api/errors';
import { AppBadge } from '@/components/AppBadge';
import { Avatar } from '@/components/Avatar';
import { CaptchaField } from '@/components/Captcha';
import { EmailField } from '@/components/CredentialFields';
import { SubmitButton } from '@/components/FormField';
import { Options } from '@/components/Options';
import { APPS, type AppName } from '@/config/options';
import { useTranslation } from '@/i18n/useTranslation';
import { MAX_FILE_BYTES } from '@/lib/precheck';
import '@/components/cards.css';

type Found = { id: number; username: string; app: string; profile_picture: string | null };

/** /remove-username: 1. find the username, 2. proof of ownership (a screenshot), reason, e-mail. */
export function RemoveUsername() {
  const { t } = useTranslation();
  const [app, setApp] = useState<AppName>('snapchat');
  const [handle, setHandle] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [reason, setReason] = useState('');
  const [email, setEmail] = useState('');
  const [token, setToken] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const lookup = useMutation({
    mutationFn: () =>
      unwrap(
        api.GET('/v1/remove-username/lookup', {
          params: { query: { app, username: handle.trim().replace(/^@/, '') } },
        }),
      ),
    onSuccess: (data) => setFound(data),
  });

  const send = useMutation({
    mutationFn: () => {
      const form = new FormData();
      form.append('username', found?.username ?? '');
      form.append('app', found?.app ?? app);
      form.append('reason', reason);
      form.append('email', email);
      form.append('captcha_token', token);
      if (file) form.append('screenshot', file, file.name);
      return unwrap(
        api.POST('/v1/remove-username', { body: {} as never, bodySerializer: () => form }),
      );
    },
    onError: (error) => {
      if (error instanceof ApiError && error.hasFieldErrors) {
        setProblem(Object.values(error.fieldErrors).flat().join(' '));
      }
    },
  });

  if (send.isSuccess) {
    return (
      <Alert variant="success" data-testid="removal-sent">
        {send.data.message || t('community.remove.sent')}
      </Alert>
    );
  }

  return (
    <div className="d-grid gap-3">
      <Form
        className="addme-card p-3 p-md-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (handle.trim()) lookup.mutate();
        }}
      >
        <h2 className="h5">{t('community.remove.step1')}</h2>
        <div className="row g-2 align-items-end">
          <Form.Group className="col-sm-4" controlId="remove-app">
            <Form.Label className="fw-medium">{t('community.groupForm.app')}</Form.Label>
            <Form.Select
              value={app}
              onChange={(e) => {
                setApp(e.target.value as AppName);
                setFound(null);
              }}
            >
              <Options values={APPS} label={(a) => t(`apps.${a}`)} />
            </Form.Select>
          </Form.Group>
          <Form.Group className="col-sm-5" controlId="remove-handle">
            <Form.Label className="fw-medium">{t('community.remove.username')}</Form.Label>
            <Form.Control
              value={handle}
              autoCapitalize="none"
              onChange={(e) => {
                setHandle(e.target.value);
                setFound(null);
              }}
            />
          </Form.Group>
          <div className="col-sm-3 d-grid">
            <SubmitButton pending={lookup.isPending}>{t('community.remove.find')}</SubmitButton>
          </div>
        </div>
        {lookup.isError && !found && (
          <p className="text-danger small mt-2 mb-0" role="alert">
            {lookup.error.message || t('community.remove.notFound')}
          </p>
        )}
        {found && (
          <div className="d-flex align-items-center gap-3 mt-3" data-testid="removal-found">
            <Avatar username={found.username} picture={found.profile_picture} size="sm" />
            <strong className="text-break">{found.username}</strong>
            <AppBadge app={found.app as AppName} />
          </div>
        )}
      </Form>
      {found && (
        <Form
          className="addme-card p-3 p-md-4"
          onSubmit={(e) => {
            e.preventDefault();
            setProblem(null);
            if (!file) return setProblem(t('community.remove.needScreenshot'));
            if (file.size > MAX_FILE_BYTES) return setProblem(t('community.remove.tooLarge'));
            if (reason.trim().length < 3) return setProblem(t('community.remove.needReason'));
            if (!/^\S+@\S+\.\S+$/.test(email.trim()))
              return setProblem(t('community.contact.errors.email'));
            if (!token) return setProblem(t('community.contact.errors.captcha'));
            send.mutate();
          }}
        >
          <h2 className="h5">{t('community.remove.step2')}</h2>
          <Form.Group className="mb-3" controlId="remove-screenshot">
            <Form.Label className="fw-medium">{t('community.remove.screenshot')}</Form.Label>
            <Form.Control
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
            />
            <Form.Text>{t('community.remove.screenshotHint')}</Form.Text>
          </Form.Group>
          <Form.Group className="mb-3" controlId="remove-reason">
            <Form.Label className="fw-medium">{t('community.remove.reason')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              maxLength={2000}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </Form.Group>
          <EmailField
            id="remove-email"
            label={t('community.remove.email')}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <CaptchaField onToken={setToken} className="mb-3" />
          {problem && (
            <Alert variant="danger" role="alert">
              {problem}
            </Alert>
          )}
          <SubmitButton pending={send.isPending} className="w-100">
            {t('community.remove.send')}
          </SubmitButton>
        </Form>
      )}
    </div>
  );
}
