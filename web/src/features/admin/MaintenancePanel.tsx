import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge, Form } from 'react-bootstrap';
import { api, unwrap } from '@/api/client';
import { TextField } from '@/components/admin/fields';
import { SubmitButton } from '@/components/FormField';
import { useTranslation } from '@/i18n/useTranslation';
import { formatDate } from '@/lib/format';
import { toast } from '@/toasts/toastStore';

const maintenanceQuery = queryOptions({
  queryKey: ['admin', 'maintenance'] as const,
  queryFn: ({ signal }) => unwrap(api.GET('/v1/admin/maintenance', { signal })),
});

/** The admin home's maintenance switch (Full admins): on or off, always with a reason. */
export function MaintenancePanel() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const state = useQuery(maintenanceQuery);
  const [reason, setReason] = useState('');
  const flip = useMutation({
    mutationFn: (on: boolean) =>
      unwrap(api.PUT('/v1/admin/maintenance', { body: { on, reason: reason.trim() } })),
    onSuccess: (next) => {
      queryClient.setQueryData(maintenanceQuery.queryKey, next);
      void queryClient.invalidateQueries({ queryKey: ['config'] });
      setReason('');
      toast.success(next.on ? t('ops.maintenance.doneOn') : t('ops.maintenance.doneOff'));
    },
  });
  if (!state.data) return null;
  const { on, forced, since } = state.data;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (reason.trim().length < 3) return;
    if (on) flip.mutate(false);
    else
      toast.confirm(
        t('ops.maintenance.confirmOn'),
        () => flip.mutate(true),
        t('ops.maintenance.turnOn'),
      );
  };
  return (
    <section
      className="addme-card p-3 mb-4"
      aria-labelledby="maintenance-title"
      data-testid="maintenance-panel"
    >
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 className="h6 text-uppercase text-body-secondary mb-0" id="maintenance-title">
          {t('ops.maintenance.title')}
        </h2>
        <Badge bg={on ? 'danger' : 'success'} data-testid="maintenance-state">
          {on ? t('ops.maintenance.stateOn') : t('ops.maintenance.stateOff')}
        </Badge>
      </div>
      <p className="small mb-2">
        {forced
          ? t('ops.maintenance.forced')
          : on
            ? t('ops.maintenance.on')
            : t('ops.maintenance.off')}
        {on &&
          since &&
          ` ${t('ops.maintenance.since', { date: formatDate(since, i18n.language) })}`}
      </p>
      {!forced && (
        <Form className="d-flex flex-column flex-sm-row gap-2 align-items-sm-end" onSubmit={submit}>
          <TextField
            layout="flex-grow-1"
            id="maintenance-reason"
            label={t('ops.maintenance.reason')}
            value={reason}
            minLength={3}
            maxLength={300}
            required
            onChange={(e) => setReason(e.target.value)}
          />
          <SubmitButton pending={flip.isPending} variant={on ? 'accent' : 'outline-danger'}>
            {on ? t('ops.maintenance.turnOff') : t('ops.maintenance.turnOn')}
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}
