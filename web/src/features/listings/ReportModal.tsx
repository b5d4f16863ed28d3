import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Modal } from 'react-bootstrap';
import { Link, useLocation } from 'react-router';
import { api, unwrap, usernamePath } from '@/api/client';
import { ChoiceGroup, InputField, SubmitButton } from '@/components/FormField';
import { ModalHeading } from '@/components/ModalHeading';
import { REPORT_TYPES } from '@/config/options';
import { applyServerErrors } from '@/hooks/useServerErrors';
import { useZodForm } from '@/hooks/useZodForm';
import { useTranslation } from '@/i18n/useTranslation';
import { loginUrl } from '@/lib/redirect';
import { z } from '@/lib/zod';
import { useUser } from '@/session/session';
import { toast } from '@/toasts/toastStore';
import { listingKeys } from './queries';

const schema = z.object({
  type: z.enum(REPORT_TYPES, { message: 'listings.report.typeRequired' }),
  message: z.string().trim().max(1000, 'form.tooLong'),
});
type Values = z.infer<typeof schema>;

export function ReportModal({
  usernameId,
  show,
  onClose,
}: {
  usernameId: number;
  show: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { user } = useUser();
  const location = useLocation();
  const { register, handleSubmit, setError, reset, errors, field } = useZodForm(schema, {
    defaultValues: { message: '' },
  });

  const send = useMutation({
    mutationFn: (v: Values) =>
      unwrap(
        api.POST('/v1/usernames/{username_id}/reports', {
          ...usernamePath(usernameId),
          body: { type: v.type, message: v.message },
        }),
      ),
    onSuccess: (data) => {
      toast.success(data.message || t('listings.report.done'));
      // An underage report hides the listing at once: lists must not keep showing it.
      void queryClient.invalidateQueries({ queryKey: listingKeys.all });
      reset();
      onClose();
    },
    onError: (error) => applyServerErrors(error, setError, ['type', 'message']),
  });

  // Reporting is a member action (spec section 1): a visitor is asked to log in first.
  if (!user) {
    return (
      <Modal show={show} onHide={onClose} centered aria-labelledby="report-title">
        <ModalHeading id="report-title" title={t('listings.report.title')} />
        <Modal.Body>
          <p className="mb-0" data-testid="report-login">
            {t('listings.report.loginFirst')}
          </p>
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-link btn-touch" onClick={onClose}>
            {t('toast.cancel')}
          </button>
          <Link
            className="btn btn-primary btn-touch"
            to={loginUrl(`${location.pathname}${location.search}`)}
          >
            {t('listings.report.login')}
          </Link>
        </Modal.Footer>
      </Modal>
    );
  }

  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="report-title">
      <Form noValidate onSubmit={handleSubmit((v) => send.mutate(v))}>
        <ModalHeading id="report-title" title={t('listings.report.title')} />
        <Modal.Body>
          <ChoiceGroup id="report" legend={t('listings.report.type')} error={errors.type}>
            {REPORT_TYPES.map((type) => (
              <Form.Check
                key={type}
                type="radio"
                id={`report-${type}`}
                className="addme-check"
                value={type}
                label={t(`listings.report.types.${type}`)}
                isInvalid={!!errors.type}
                {...register('type')}
              />
            ))}
          </ChoiceGroup>
          <InputField
            label={t('listings.report.message')}
            as="textarea"
            rows={3}
            {...field('message', 'report-message')}
          />
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-link btn-touch" onClick={onClose}>
            {t('toast.cancel')}
          </button>
          <SubmitButton pending={send.isPending} variant="danger">
            {t('listings.report.submit')}
          </SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
