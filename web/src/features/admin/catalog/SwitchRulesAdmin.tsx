import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { api, unwrap } from '@/api/client';
import { useChange } from '@/api/crud';
import type { components } from '@/api/schema.gen';
import { AppBadge } from '@/components/AppBadge';
import { AdminList } from '@/components/admin/AdminList';
import { AdminPage } from '@/components/admin/AdminPage';
import { SubmitButton } from '@/components/FormField';
import { useTranslation } from '@/i18n/useTranslation';
import { toast } from '@/toasts/toastStore';

type Rule = components['schemas']['SwitchRuleRead'];
const STUDIO_SLOTS = 25;

const rulesQuery = queryOptions({
  queryKey: ['admin', 'switch-rules'] as const,
  queryFn: ({ signal }) => unwrap(api.GET('/v1/admin/switch-rules', { signal })),
});

function useSaveRule() {
  return useChange(
    ({ app, ...body }: Rule & { reason: string }) =>
      unwrap(api.PUT('/v1/admin/switch-rules/{app}', { params: { path: { app } }, body })),
    [rulesQuery.queryKey],
  );
}

function RuleForm({ rule }: { rule: Rule }) {
  const { t } = useTranslation();
  const save = useSaveRule();
  const [allowed, setAllowed] = useState(rule.allowed);
  const [max, setMax] = useState(String(rule.max_accounts));
  const [reason, setReason] = useState('');
  const id = `rule-${rule.app}`;
  return (
    <Form
      className="addme-card p-3 row g-2 align-items-end mx-0"
      data-testid="switch-rule"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          { app: rule.app, allowed, max_accounts: Number(max), reason: reason.trim() },
          {
            onSuccess: () => {
              toast.success(t('catalog.switchRules.saved', { app: t(`apps.${rule.app}`) }));
              setReason('');
            },
          },
        );
      }}
    >
      <div className="col-12 d-flex align-items-center gap-2" id={`${id}-title`}>
        <AppBadge app={rule.app} />
        <span className="small text-body-secondary">
          {rule.allowed
            ? t('catalog.switchRules.summary', { count: rule.max_accounts })
            : t('catalog.switchRules.closed')}
        </span>
      </div>
      <div className="col-12 col-md-3">
        <Form.Check
          type="switch"
          id={`${id}-allowed`}
          className="addme-check py-2"
          label={t('catalog.switchRules.allowed')}
          checked={allowed}
          onChange={(e) => setAllowed(e.target.checked)}
        />
      </div>
      <Form.Group className="col-6 col-md-2" controlId={`${id}-max`}>
        <Form.Label className="small mb-1">{t('catalog.switchRules.max')}</Form.Label>
        <Form.Control
          type="number"
          required
          min={1}
          max={STUDIO_SLOTS}
          value={max}
          disabled={!allowed}
          onChange={(e) => setMax(e.target.value)}
        />
      </Form.Group>
      <Form.Group className="col-12 col-md-5" controlId={`${id}-reason`}>
        <Form.Label className="small mb-1">{t('catalog.common.reason')}</Form.Label>
        <Form.Control maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Form.Group>
      <div className="col-12 col-md-2">
        <SubmitButton pending={save.isPending} className="w-100">
          {t('catalog.switchRules.save')}
        </SubmitButton>
      </div>
    </Form>
  );
}

/** /admin/switch-rules: per app, whether a Studio may switch to its usernames there, and how many. */
export function SwitchRulesAdmin() {
  const { t } = useTranslation();
  const rules = useQuery(rulesQuery);
  return (
    <AdminPage title={t('catalog.switchRules.title')} intro={t('catalog.switchRules.intro')}>
      <AdminList
        query={rules}
        items={rules.data}
        loadError={t('catalog.common.loadError')}
        as="div"
        className="d-flex flex-column gap-3"
        row={(rule) => (
          <RuleForm key={`${rule.app}-${rule.allowed}-${rule.max_accounts}`} rule={rule} />
        )}
      />
    </AdminPage>
  );
}
