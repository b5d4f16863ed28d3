import { queryOptions, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { api, unwrap } from '@/api/client';
import { useTranslation } from '@/i18n/useTranslation';

/** The least a restricting decision's reason holds (or a canned one is picked), as the server asks. */
export const MIN_REASON = 10;

export const decisionMacrosQuery = queryOptions({
  queryKey: ['decisions', 'macros'] as const,
  queryFn: ({ signal }) => unwrap(api.GET('/v1/admin/decision-macros', { signal })),
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * The canned reasons of one or more decisions (GET /v1/admin/decision-macros): picking one writes
 * its words into the reason, which the moderator may still add to.
 */
export function DecisionMacroPicker({
  decision,
  onPick,
}: {
  decision: string | readonly string[];
  onPick: (text: string) => void;
}) {
  const { t } = useTranslation();
  // Its own id: inside a Form.Group it would otherwise take the group's, and the label its text's.
  const id = useId();
  const macros = useQuery(decisionMacrosQuery);
  const kinds = typeof decision === 'string' ? [decision] : decision;
  const offered = (macros.data?.data ?? []).filter((m) => kinds.includes(m.decision));
  if (offered.length === 0) return null;
  return (
    <Form.Select
      id={id}
      aria-label={t('decisions.macro')}
      className="form-select-sm addme-touch-select"
      data-testid="decision-macro"
      value=""
      onChange={(e) => {
        const macro = offered.find((m) => m.key === e.target.value);
        if (macro) onPick(macro.text);
      }}
    >
      <option value="">{t('decisions.macro')}</option>
      {offered.map((m) => (
        <option key={m.key} value={m.key}>
          {m.label}
        </option>
      ))}
    </Form.Select>
  );
}
