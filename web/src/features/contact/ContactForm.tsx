import { useMutation } from '@tanstack/react-query';
import { Alert, Form } from 'react-bootstrap';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import { api, unwrap } from '@/api/client';
import { CaptchaField } from '@/components/Captcha';
import { EmailField } from '@/components/CredentialFields';
import {
  CheckField,
  ChoiceGroup,
  InputField,
  SelectField,
  SubmitButton,
} from '@/components/FormField';
import { Options } from '@/components/Options';
import { CONTACT_REASONS, type ContactReason } from '@/config/options';
import { applyServerErrors } from '@/hooks/useServerErrors';
import { useBoundForm } from '@/hooks/useZodForm';
import { useTranslation } from '@/i18n/useTranslation';
import { useUser } from '@/session/session';
import {
  type ContactValues,
  contactBody,
  EMPTY_CONTACT,
  fieldsFor,
  isRequired,
  validateContact,
} from './reasons';

const SERVER_FIELDS = [
  'reason',
  'reply_email',
  'other_notes',
  'order_number',
  'checkout_email',
  'checked_junk',
  'received_confirmation',
  'pasted_content',
  'usernames',
  'justification',
  'captcha_token',
] as const;

const resolver: Resolver<ContactValues> = async (values) => {
  const found = validateContact(values);
  const errors: FieldErrors<ContactValues> = {};
  for (const [field, message] of Object.entries(found)) {
    errors[field as keyof ContactValues] = { type: 'client', message };
  }
  return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
};

function isReason(v: string | null): v is ContactReason {
  return !!v && (CONTACT_REASONS as readonly string[]).includes(v);
}

/** /contact-us: the reason picks the fields (the server drops the others). */
export function ContactForm({ initialReason }: { initialReason?: string | null }) {
  const { t } = useTranslation();
  const { user } = useUser();
  const { register, handleSubmit, setError, setValue, watch, errors, field } =
    useBoundForm<ContactValues>({
      resolver,
      defaultValues: {
        ...EMPTY_CONTACT,
        reason: isReason(initialReason ?? null) ? (initialReason as ContactReason) : 'general',
        reply_email: user?.email ?? '',
      },
    });
  const reason = watch('reason');
  const shown = new Set(fieldsFor(reason));
  const label = (key: string, name: Parameters<typeof isRequired>[1]) =>
    isRequired(reason, name) ? t(key) : t('community.contact.optional', { label: t(key) });

  const send = useMutation({
    mutationFn: (values: ContactValues) =>
      unwrap(api.POST('/v1/contact', { body: contactBody(values) as never })),
    onError: (error) => applyServerErrors(error, setError, SERVER_FIELDS),
  });

  if (send.isSuccess) {
    return (
      <Alert variant="success" data-testid="contact-sent">
        <p className="mb-2">{send.data.message || t('community.contact.sent')}</p>
        <Link to="/help" className="alert-link">
          {t('community.contact.backToHelp')}
        </Link>
      </Alert>
    );
  }

  return (
    <Form
      noValidate
      onSubmit={handleSubmit((v) => send.mutate(v))}
      className="addme-card p-3 p-md-4"
    >
      <SelectField label={t('community.contact.reason')} {...field('reason', 'contact-reason')}>
        <Options values={CONTACT_REASONS} label={(r) => t(`community.contact.reasons.${r}`)} />
      </SelectField>
      <p className="small text-body-secondary" data-testid="reason-help">
        {t(`community.contact.reasonHelp.${reason}`)}
      </p>
      <EmailField
        label={t('community.contact.replyEmail')}
        {...field('reply_email', 'contact-email')}
      />
      {shown.has('order_number') && (
        <InputField
          label={label('community.contact.orderNumber', 'order_number')}
          hint={t('community.contact.orderNumberHint')}
          inputMode="numeric"
          maxLength={6}
          {...field('order_number', 'contact-order')}
        />
      )}
      {shown.has('checkout_email') && (
        <EmailField
          label={label('community.contact.checkoutEmail', 'checkout_email')}
          // The address the order was paid with, which need not be the member's own.
          autoComplete="off"
          {...field('checkout_email', 'contact-checkout-email')}
        />
      )}
      {shown.has('checked_junk') && (
        <CheckField
          label={t('community.contact.checkedJunk')}
          {...field('checked_junk', 'contact-junk')}
        />
      )}
      {shown.has('received_confirmation') && (
        <ChoiceGroup
          id="contact-received"
          legend={t('community.contact.receivedConfirmation')}
          error={errors.received_confirmation}
        >
          <div className="d-flex gap-4">
            <Form.Check
              type="radio"
              className="addme-check"
              id="contact-received-yes"
              value="yes"
              label={t('community.contact.yes')}
              {...register('received_confirmation')}
            />
            <Form.Check
              type="radio"
              className="addme-check"
              id="contact-received-no"
              value="no"
              label={t('community.contact.no')}
              {...register('received_confirmation')}
            />
          </div>
        </ChoiceGroup>
      )}
      {shown.has('usernames') && (
        <InputField
          label={label('community.contact.usernames', 'usernames')}
          hint={t('community.contact.usernamesHint')}
          autoCapitalize="none"
          {...field('usernames', 'contact-usernames')}
        />
      )}
      {shown.has('justification') && (
        <InputField
          label={label('community.contact.justification', 'justification')}
          as="textarea"
          rows={4}
          maxLength={2000}
          {...field('justification', 'contact-justification')}
        />
      )}
      {shown.has('other_notes') && (
        <InputField
          label={label('community.contact.otherNotes', 'other_notes')}
          as="textarea"
          rows={4}
          maxLength={2000}
          {...field('other_notes', 'contact-notes')}
        />
      )}
      {shown.has('pasted_content') && (
        <InputField
          label={label('community.contact.pastedContent', 'pasted_content')}
          hint={t('community.contact.pastedHint')}
          as="textarea"
          rows={3}
          maxLength={4000}
          {...field('pasted_content', 'contact-pasted')}
        />
      )}
      <CaptchaField form={{ setValue, errors }} />
      {errors.root?.server && <Alert variant="danger">{errors.root.server.message}</Alert>}
      <SubmitButton pending={send.isPending} className="w-100">
        {t('community.contact.send')}
      </SubmitButton>
    </Form>
  );
}
