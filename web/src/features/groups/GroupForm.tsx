import { useEffect } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { ButtonLink } from '@/components/ButtonLink';
import { InputField, SelectField, SubmitButton } from '@/components/FormField';
import { Options } from '@/components/Options';
import { APPS } from '@/config/options';
import { applyServerErrors } from '@/hooks/useServerErrors';
import { useZodForm } from '@/hooks/useZodForm';
import { useTranslation } from '@/i18n/useTranslation';
import type { User } from '@/session/session';
import { openNotEnoughTopUps } from '@/stores/notEnoughTopUps';
import { groupPath } from './GroupCard';
import { type Group, useSaveGroup } from './queries';
import { type GroupValues, groupSchema } from './schema';

const FIELDS = ['app', 'name', 'username', 'description', 'max_members'] as const;

/**
 * Create or edit a group. Creating costs 1 Top-Up: with none left the not-enough-Top-Ups modal
 * opens instead of the form (spec section 5).
 */
export function GroupForm({ user, editing }: { user: User; editing: Group | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveGroup(editing?.id ?? null);
  const noTopUps = !editing && user.top_ups_count <= 0;
  const { handleSubmit, setError, errors, field } = useZodForm(groupSchema, {
    defaultValues: editing
      ? {
          app: editing.app as GroupValues['app'],
          name: editing.name,
          username: editing.username ?? '',
          description: editing.description,
          max_members: editing.max_members,
        }
      : { app: 'snapchat', name: '', username: '', description: '', max_members: 50 },
  });

  useEffect(() => {
    if (noTopUps) openNotEnoughTopUps();
  }, [noTopUps]);

  if (noTopUps) {
    return (
      <div className="addme-card p-4" data-testid="group-needs-topup">
        <p className="mb-3">{t('community.groupForm.needsTopUp')}</p>
        <div className="d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-accent btn-touch" onClick={openNotEnoughTopUps}>
            {t('community.groupForm.getTopUps')}
          </button>
          <ButtonLink to="/user/group">{t('community.groupForm.back')}</ButtonLink>
        </div>
      </div>
    );
  }

  const submit = (values: GroupValues) =>
    save.mutate(values, {
      onSuccess: (result) => navigate(result.group ? groupPath(result.group) : '/user/group'),
      // Not enough Top-Ups opens the modal from the app-wide error handler (by its code).
      onError: (error) => applyServerErrors(error, setError, FIELDS),
    });

  return (
    <Form noValidate onSubmit={handleSubmit(submit)} className="addme-card p-3 p-md-4">
      <h2 className="h5 mb-3">{t('community.groupForm.information')}</h2>
      <SelectField label={t('community.groupForm.app')} {...field('app', 'group-app')}>
        <Options values={APPS} label={(app) => t(`apps.${app}`)} />
      </SelectField>
      <InputField
        label={t('community.groupForm.name')}
        maxLength={60}
        {...field('name', 'group-name')}
      />
      <InputField
        label={t('community.groupForm.username')}
        hint={t('community.groupForm.usernameHint')}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        {...field('username', 'group-username')}
      />
      <InputField
        label={t('community.groupForm.description')}
        as="textarea"
        rows={4}
        maxLength={1000}
        {...field('description', 'group-description')}
      />
      <InputField
        label={t('community.groupForm.maxMembers')}
        hint={t('community.groupForm.maxMembersHint')}
        type="number"
        inputMode="numeric"
        min={2}
        max={10000}
        {...field('max_members', 'group-max', { valueAsNumber: true })}
      />
      {!editing && (
        <Alert variant="info" className="small" data-testid="group-cost">
          {t('community.groupForm.cost', { count: user.top_ups_count })}
        </Alert>
      )}
      {errors.root?.server && <Alert variant="danger">{errors.root.server.message}</Alert>}
      <SubmitButton pending={save.isPending} className="w-100">
        {editing ? t('community.groupForm.save') : t('community.groupForm.create')}
      </SubmitButton>
    </Form>
  );
}
