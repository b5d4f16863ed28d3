import { Form } from 'react-bootstrap';
import { ApiError } from '@/api/client';
import { InputField, SubmitButton } from '@/components/FormField';
import { applyServerErrors } from '@/hooks/useServerErrors';
import { useZodForm } from '@/hooks/useZodForm';
import { useTranslation } from '@/i18n/useTranslation';
import { formatDate } from '@/lib/format';
import { toast } from '@/toasts/toastStore';
import { type KeyApplied, useApplyKey } from './queries';
import { applyKeySchema } from './schemas';

/** "20 Top-Ups, VIP until 12 Mar 2026": what a key granted, in words. */
export function grantedText(
  applied: KeyApplied,
  t: (key: string, options?: Record<string, unknown>) => string,
  locale: string,
): string {
  const { granted } = applied;
  const parts: string[] = [];
  if (granted.top_ups) parts.push(t('shop.granted.topUps', { count: granted.top_ups }));
  if (granted.fire_pins) parts.push(t('shop.granted.firePins', { count: granted.fire_pins }));
  if (granted.entitlement) {
    const date = formatDate(granted.ending_at, locale);
    parts.push(
      t(`shop.granted.${granted.entitlement}`, {
        date,
        defaultValue: `${granted.entitlement} ${date}`,
      }),
    );
  }
  if (granted.usernames_unlocked)
    parts.push(t('shop.granted.unlocked', { count: granted.usernames_unlocked }));
  return parts.join(', ');
}

/** Paste a private key: "Order applied." and what it granted; 404 and 409 say why not. */
export function ApplyKeyForm() {
  const { t, i18n } = useTranslation();
  const apply = useApplyKey();
  const { handleSubmit, setError, reset, field } = useZodForm(applyKeySchema, {
    defaultValues: { key: '' },
  });

  const submit = handleSubmit(({ key }) =>
    apply.mutate(key, {
      onSuccess: (applied) => {
        const what = grantedText(applied, t, i18n.language);
        toast.success(what ? `${applied.message} ${what}.` : applied.message, applied.product);
        reset();
      },
      onError: (error) => {
        if (applyServerErrors(error, setError, ['key'])) return;
        // The error handler toasts 409 (not 404); both are answers about this key: say it here too.
        if (error instanceof ApiError && error.status === 404) {
          toast.danger(t('shop.keys.notFound'));
          setError('key', { type: 'server', message: t('shop.keys.notFound') });
        } else if (error instanceof ApiError && error.status === 409)
          setError('key', { type: 'server', message: error.message || t('shop.keys.already') });
      },
    }),
  );

  return (
    <Form noValidate onSubmit={submit} className="addme-card p-3 p-sm-4" data-testid="apply-key">
      <h2 className="h5">{t('shop.keys.title')}</h2>
      <p className="small text-body-secondary">{t('shop.keys.intro')}</p>
      <InputField
        label={t('shop.keys.label')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="XXXXX-XXXXX-XXXXX-XXXXX-XXXXX"
        className="font-monospace"
        {...field('key', 'private-key')}
      />
      <SubmitButton pending={apply.isPending}>{t('shop.keys.submit')}</SubmitButton>
    </Form>
  );
}
