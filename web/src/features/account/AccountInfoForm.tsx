import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Form, Placeholder } from 'react-bootstrap';
import { api, unwrap } from '@/api/client';
import { InputField, SelectField, SubmitButton } from '@/components/FormField';
import { Options } from '@/components/Options';
import { applyServerErrors } from '@/hooks/useServerErrors';
import { useZodForm } from '@/hooks/useZodForm';
import { useTranslation } from '@/i18n/useTranslation';
import { countryOptions } from '@/lib/countries';
import { z } from '@/lib/zod';
import { userKey } from '@/session/session';
import { toast } from '@/toasts/toastStore';
import { accountQuery } from './queries';

const schema = z.object({
  first_name: z.string().trim().max(60, 'form.tooLong'),
  country_code: z.string(),
});
type Values = z.infer<typeof schema>;

export function AccountInfoForm() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const account = useQuery(accountQuery);
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const { handleSubmit, setError, reset, field } = useZodForm(schema, {
    values: account.data
      ? { first_name: account.data.first_name ?? '', country_code: account.data.country_code ?? '' }
      : undefined,
  });

  const save = useMutation({
    mutationFn: (v: Values) =>
      unwrap(
        api.PATCH('/v1/user/account', {
          body: { first_name: v.first_name || null, country_code: v.country_code || null },
        }),
      ),
    onSuccess: (data) => {
      queryClient.setQueryData(accountQuery.queryKey, data);
      void queryClient.invalidateQueries({ queryKey: userKey });
      reset({ first_name: data.first_name ?? '', country_code: data.country_code ?? '' });
      toast.success(t('account.saved'));
    },
    onError: (error) => applyServerErrors(error, setError, ['first_name', 'country_code']),
  });

  if (account.isPending) {
    return (
      <Placeholder as="div" animation="glow" aria-busy="true">
        <Placeholder xs={12} className="mb-3 addme-skeleton-field" />
        <Placeholder xs={12} className="addme-skeleton-field" />
      </Placeholder>
    );
  }

  return (
    <Form noValidate onSubmit={handleSubmit((v) => save.mutate(v))}>
      <InputField
        id="account-email"
        label={t('auth.email')}
        type="email"
        value={account.data?.email ?? ''}
        readOnly
        plaintext
      />
      <InputField
        label={t('account.firstName')}
        autoComplete="given-name"
        {...field('first_name', 'account-first-name')}
      />
      <SelectField label={t('account.country')} {...field('country_code', 'account-country')}>
        <option value="">{t('account.noCountry')}</option>
        <Options values={countries} label={(c) => c.name} valueKey={(c) => c.code} />
      </SelectField>
      <SubmitButton pending={save.isPending}>{t('account.save')}</SubmitButton>
    </Form>
  );
}
