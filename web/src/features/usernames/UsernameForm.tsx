import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Form } from 'react-bootstrap';
import { Controller } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { api, unwrap, usernamePath } from '@/api/client';
import { ApiError } from '@/api/errors';
import { ButtonLink } from '@/components/ButtonLink';
import {
  ChoiceGroup,
  FormField,
  InputField,
  SelectField,
  SubmitButton,
} from '@/components/FormField';
import { Options } from '@/components/Options';
import { APPS, type AppName, GENDERS, ORIENTATIONS, TYPES } from '@/config/options';
import { applyServerErrors } from '@/hooks/useServerErrors';
import { useZodForm } from '@/hooks/useZodForm';
import { useTranslation } from '@/i18n/useTranslation';
import { countryOptions } from '@/lib/countries';
import type { User } from '@/session/session';
import { toast } from '@/toasts/toastStore';
import { useRefreshAfterChange } from './queries';
import {
  DESCRIPTION_MAX,
  EMPTY_FORM,
  FORM_FIELDS,
  LINK_TYPES,
  MAX_TAGS,
  type UsernameFormValues,
  usernameFormSchema,
} from './schema';
import { TagsInput } from './TagsInput';
import type { MyUsername } from './types';
import '@/components/cards.css';
import './usernames.css';

const LINK_SITES: Record<(typeof LINK_TYPES)[number], string> = {
  onlyfans: 'OnlyFans',
  fansly: 'Fansly',
  mym: 'MYM',
  chaturbate: 'Chaturbate',
  linktree: 'Linktree',
};

export function valuesFrom(item: MyUsername): UsernameFormValues {
  return {
    app: item.app,
    username: item.username,
    age: item.age,
    gender: item.gender,
    orientation: item.orientation,
    type: item.type,
    country_code: item.country_code ?? '',
    description: item.description,
    tags: item.tags,
    link: item.link ?? '',
    link_type: item.link_type ?? '',
    paid_content: item.paid_content,
  };
}

function toBody(v: UsernameFormValues, canLink: boolean) {
  return {
    app: v.app,
    username: v.username.trim(),
    age: v.age,
    gender: v.gender,
    orientation: v.orientation,
    type: v.type,
    country_code: v.country_code || null,
    description: v.description,
    tags: v.tags,
    link: canLink && v.link ? v.link : null,
    link_type: canLink && v.link && v.link_type ? v.link_type : null,
    paid_content: v.paid_content,
  };
}

/** Submit (no `item`) or edit a username. Labels above, errors under fields, server decides. */
export function UsernameForm({
  user,
  item,
  defaultApp,
}: {
  user: User;
  item?: MyUsername;
  defaultApp: AppName;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshAfterChange();
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const canLink = user.is_promoted || user.is_studio;
  const { register, handleSubmit, setError, control, watch, errors, field } = useZodForm(
    usernameFormSchema,
    {
      defaultValues: item ? valuesFrom(item) : EMPTY_FORM(defaultApp),
    },
  );
  const app = watch('app');

  const save = useMutation({
    mutationFn: (v: UsernameFormValues) =>
      item
        ? unwrap(
            api.PATCH('/v1/user/usernames/{username_id}', {
              ...usernamePath(item.id),
              body: toBody(v, canLink),
            }),
          )
        : unwrap(api.POST('/v1/user/usernames', { body: toBody(v, canLink) })),
    onSuccess: async (data) => {
      await refresh();
      // Said on the page the member lands on: shown before, its few seconds could run out while
      // a slow phone was still loading /user.
      await navigate('/user');
      toast.success(data.message);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'minor_signal') {
        // Refused as a minor's text: the reader's own words, under the field that holds the signal.
        const words = typeof error.details.words === 'string' ? error.details.words : '';
        const message = [
          t('apiErrors.minor_signal'),
          words && t('listings.form.minorWords', { words }),
        ]
          .filter(Boolean)
          .join(' ');
        const field = FORM_FIELDS.find((f) => f in error.fieldErrors) ?? 'description';
        setError(field, { type: 'server', message }, { shouldFocus: true });
        return;
      }
      applyServerErrors(error, setError, FORM_FIELDS);
    },
  });

  return (
    <Form noValidate onSubmit={handleSubmit((v) => save.mutate(v))} data-testid="username-form">
      <ChoiceGroup id="form-app" legend={t('listings.form.app')} error={errors.app}>
        <div className="app-choice">
          {APPS.map((a) => (
            <div key={a}>
              <input
                type="radio"
                className="visually-hidden"
                id={`form-app-${a}`}
                value={a}
                {...register('app')}
              />
              <label htmlFor={`form-app-${a}`}>
                <span className={`app-dot app-dot-${a}`} aria-hidden="true" />
                {t(`apps.${a}`)}
              </label>
            </div>
          ))}
        </div>
      </ChoiceGroup>

      <InputField
        label={t('listings.form.username', { app: t(`apps.${app}`) })}
        hint={t(`listings.form.format.${app}`)}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        {...field('username', 'form-username')}
      />

      <div className="row gx-3">
        <div className="col-5 col-sm-4">
          <InputField
            label={t('listings.form.age')}
            type="number"
            inputMode="numeric"
            min={18}
            max={99}
            {...field('age', 'form-age', { valueAsNumber: true })}
          />
        </div>
        <div className="col-7 col-sm-8">
          <SelectField label={t('listings.form.gender')} {...field('gender', 'form-gender')}>
            <option value="">{t('listings.form.choose')}</option>
            <Options values={GENDERS} label={(g) => t(`gender.${g}`)} />
          </SelectField>
        </div>
      </div>

      <div className="row gx-3">
        <div className="col-sm-6">
          <SelectField
            label={t('listings.form.orientation')}
            {...field('orientation', 'form-orientation')}
          >
            <option value="">{t('listings.form.choose')}</option>
            <Options values={ORIENTATIONS} label={(o) => t(`orientation.${o}`)} />
          </SelectField>
        </div>
        <div className="col-sm-6">
          <SelectField
            label={t('listings.form.country')}
            {...field('country_code', 'form-country')}
          >
            <option value="">{t('listings.form.noCountry')}</option>
            <Options values={countries} label={(c) => c.name} valueKey={(c) => c.code} />
          </SelectField>
        </div>
      </div>

      <ChoiceGroup
        id="form-type"
        legend={t('listings.form.type')}
        error={errors.type}
        hint={t('listings.form.typeHint')}
      >
        <div className="d-flex flex-wrap gap-3">
          {TYPES.map((type) => (
            <Form.Check
              key={type}
              type="radio"
              id={`form-type-${type}`}
              className="addme-check"
              value={type}
              label={t(`listings.types.${type}`)}
              {...register('type')}
            />
          ))}
        </div>
      </ChoiceGroup>

      <InputField
        label={t('listings.form.description')}
        hint={t('listings.form.descriptionHint', { max: DESCRIPTION_MAX })}
        as="textarea"
        rows={4}
        maxLength={DESCRIPTION_MAX}
        {...field('description', 'form-description')}
      />

      <FormField
        id="form-tags"
        label={t('listings.form.tags', { max: MAX_TAGS })}
        error={errors.tags as never}
        hint={t('listings.form.tagsHint', { max: MAX_TAGS })}
      >
        <Controller
          control={control}
          name="tags"
          render={({ field: tags }) => (
            <TagsInput
              id="form-tags"
              value={tags.value}
              onChange={tags.onChange}
              invalid={!!errors.tags}
            />
          )}
        />
      </FormField>

      <div className="addme-card p-3 mb-3">
        <h2 className="h6 mb-2">{t('listings.form.creator')}</h2>
        {canLink ? (
          <div className="row gx-3">
            <div className="col-sm-4">
              <SelectField
                label={t('listings.form.linkType')}
                {...field('link_type', 'form-link-type')}
              >
                <option value="">{t('listings.form.choose')}</option>
                <Options values={LINK_TYPES} label={(lt) => LINK_SITES[lt]} />
              </SelectField>
            </div>
            <div className="col-sm-8">
              <InputField
                label={t('listings.form.link')}
                type="url"
                inputMode="url"
                placeholder="https://"
                {...field('link', 'form-link')}
              />
            </div>
          </div>
        ) : (
          <p className="small text-body-secondary mb-2" data-testid="link-vip-note">
            {t('listings.form.linkVipOnly')}{' '}
            <Link to="/shop">{t('listings.mine.links.becomeVip')}</Link>
          </p>
        )}
        <Form.Check
          id="form-paid"
          className="addme-check mb-0"
          label={t('listings.form.paidContent')}
          {...register('paid_content')}
        />
      </div>

      {errors.root?.server && (
        <div className="alert alert-danger" role="alert">
          {errors.root.server.message}
        </div>
      )}

      <p className="small text-body-secondary">
        {t('listings.form.guidelinesBefore')}{' '}
        <Link to="/policy/acceptable-use" target="_blank">
          {t('listings.form.guidelines')}
        </Link>
        {t('listings.form.guidelinesAfter')}
      </p>
      <div className="d-flex flex-wrap gap-2">
        <SubmitButton pending={save.isPending} className="px-4">
          {item ? t('listings.form.save') : t('listings.form.submit')}
        </SubmitButton>
        <ButtonLink to="/user" variant="link">
          {t('toast.cancel')}
        </ButtonLink>
      </div>
    </Form>
  );
}
