import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Alert, Form } from 'react-bootstrap';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import { api, unwrap } from '@/api/client';
import { CaptchaField } from '@/components/Captcha';
import { CopyButton } from '@/components/CopyButton';
import { EmailField } from '@/components/CredentialFields';
import { CheckField, ChoiceGroup, InputField, SubmitButton } from '@/components/FormField';
import { applyServerErrors } from '@/hooks/useServerErrors';
import { useBoundForm } from '@/hooks/useZodForm';
import { useTranslation } from '@/i18n/useTranslation';
import { useFormat } from '@/lib/format';
import { MAX_FILE_BYTES } from '@/lib/precheck';
import {
  mayBeAnonymous,
  NOTICE_KINDS,
  type NoticeKind,
  type NoticeValues,
  noticeBody,
  noticeFormData,
  validateNotice,
} from './noticeForm';

const SERVER_FIELDS = [
  'kind',
  'urls',
  'description',
  'good_faith',
  'signature',
  'contact_email',
  'captcha_token',
] as const;

type Receipt = { reference: string; due_at: string };

function Sent({
  receipt,
  email,
  onAgain,
}: {
  receipt: Receipt;
  email: string;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Alert variant="success" data-testid="notice-sent">
      <h2 className="h5">{t('community.notice.sent')}</h2>
      <p className="mb-2">
        {t('community.notice.reference')}{' '}
        <strong className="font-monospace fs-5" data-testid="notice-reference">
          {receipt.reference}
        </strong>{' '}
        <CopyButton value={receipt.reference} label={t('community.notice.copy')} />
      </p>
      <p className="mb-2" data-testid="notice-deadline">
        {t('community.notice.deadline', { date: format.date(receipt.due_at, 'moment') })}
      </p>
      <p className="mb-3">
        {email ? t('community.notice.receipt', { email }) : t('community.notice.noReceipt')}
      </p>
      <button type="button" className="btn btn-outline-secondary btn-touch" onClick={onAgain}>
        {t('community.notice.another')}
      </button>
    </Alert>
  );
}

/** /report-content: a notice anyone can send (TAKE IT DOWN Act, DSA Art. 16). */
export function NoticeForm({
  initialUrl,
  initialKind,
}: {
  initialUrl?: string;
  initialKind?: NoticeKind;
}) {
  const { t } = useTranslation();
  const [picture, setPictureState] = useState<File | null>(null);
  // The resolver reads the picture through a ref: react-hook-form keeps the first resolver it got.
  const pictureRef = useRef<File | null>(null);
  const setPicture = (file: File | null) => {
    pictureRef.current = file;
    setPictureState(file);
  };
  const [pictureError, setPictureError] = useState<string | null>(null);
  const resolver: Resolver<NoticeValues> = async (values) => {
    const found = validateNotice(values, !!pictureRef.current);
    const errors: FieldErrors<NoticeValues> = {};
    for (const [field, message] of Object.entries(found)) {
      errors[field as keyof NoticeValues] = { type: 'client', message };
    }
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };
  const defaultValues: NoticeValues = {
    kind: initialKind ?? 'ncii',
    urls: initialUrl ?? '',
    description: '',
    good_faith: false,
    signature: '',
    contact_email: '',
    captcha_token: '',
  };
  const { register, handleSubmit, setError, setValue, watch, reset, errors, field } =
    useBoundForm<NoticeValues>({ resolver, defaultValues });
  const kind = watch('kind');
  const anonymous = mayBeAnonymous(kind);
  const optional = (key: string) =>
    anonymous ? t('community.notice.optionalMinor', { label: t(key) }) : t(key);

  const send = useMutation({
    mutationFn: (values: NoticeValues) =>
      picture
        ? unwrap(
            api.POST('/v1/notices', {
              body: {} as never,
              bodySerializer: () => noticeFormData(values, picture),
            }),
          )
        : unwrap(api.POST('/v1/notices', { body: noticeBody(values) })),
    onError: (error) => {
      applyServerErrors(error, setError, SERVER_FIELDS);
      const server = (error as { fieldErrors?: Record<string, string[]> }).fieldErrors?.picture;
      if (server?.[0]) setPictureError(server[0]);
    },
  });

  if (send.isSuccess) {
    return (
      <Sent
        receipt={send.data.data}
        email={send.variables?.contact_email.trim() ?? ''}
        onAgain={() => {
          send.reset();
          reset(defaultValues);
          setPicture(null);
        }}
      />
    );
  }

  return (
    <Form
      noValidate
      className="addme-card p-3 p-md-4"
      onSubmit={handleSubmit((values) => {
        setPictureError(null);
        if (picture && picture.size > MAX_FILE_BYTES) {
          setPictureError(t('community.notice.errors.pictureSize'));
          return;
        }
        send.mutate(values);
      })}
    >
      <ChoiceGroup
        id="notice-kind"
        legend={t('community.notice.kind')}
        error={errors.kind}
        hint={t(`community.notice.kindHelp.${kind}`)}
      >
        {NOTICE_KINDS.map((k) => (
          <Form.Check
            key={k}
            type="radio"
            id={`notice-kind-${k}`}
            className="addme-check mb-1"
            value={k}
            label={t(`community.notice.kinds.${k}`)}
            {...register('kind')}
          />
        ))}
      </ChoiceGroup>
      <InputField
        label={t('community.notice.urls')}
        hint={t('community.notice.urlsHint')}
        as="textarea"
        rows={3}
        autoCapitalize="none"
        spellCheck={false}
        {...field('urls', 'notice-urls')}
      />
      <InputField
        label={t('community.notice.description')}
        as="textarea"
        rows={4}
        maxLength={4000}
        {...field('description', 'notice-description')}
      />
      <InputField
        id="notice-picture"
        label={t('community.notice.picture')}
        error={pictureError}
        hint={t('community.notice.pictureHint')}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        onChange={(e) => {
          setPictureError(null);
          setPicture((e.target as HTMLInputElement).files?.[0] ?? null);
        }}
      />
      <CheckField
        label={t('community.notice.goodFaith')}
        {...field('good_faith', 'notice-good-faith')}
      />
      <InputField
        label={optional('community.notice.signature')}
        hint={t('community.notice.signatureHint')}
        autoComplete="name"
        {...field('signature', 'notice-signature')}
      />
      <EmailField
        label={optional('community.notice.email')}
        {...field('contact_email', 'notice-email')}
      />
      <CaptchaField form={{ setValue, errors }} />
      {errors.root?.server && <Alert variant="danger">{errors.root.server.message}</Alert>}
      <SubmitButton pending={send.isPending} className="w-100">
        {t('community.notice.send')}
      </SubmitButton>
      <p className="small text-body-secondary mt-3 mb-0">
        {t('community.notice.ownHandle')}{' '}
        <Link to="/remove-username">{t('community.notice.ownHandleLink')}</Link>
      </p>
    </Form>
  );
}
