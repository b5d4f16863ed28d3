import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { ApiError } from '@/api/errors';
import { ActionButton } from '@/components/admin/ActionButton';
import { ErrorText } from '@/components/FormField';
import { useTranslation } from '@/i18n/useTranslation';
import { toast } from '@/toasts/toastStore';
import {
  CATEGORIES,
  DEFAULTS,
  type NoticeCategory,
  type NoticeDecideBody,
  type NoticeItem,
  type NoticeTarget,
  noticeQuery,
  useNoticeDecision,
} from './noticeQueries';
import { QueueLoading, ReasonField } from './parts';

const MIN_REASON = 10;

function TargetList({
  title,
  targets,
  skip,
  onToggle,
  testId,
}: {
  title: string;
  targets: NoticeTarget[];
  skip: Set<string>;
  onToggle: (key: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="mb-3">
      <legend className="small fw-semibold mb-1">{title}</legend>
      {targets.length === 0 ? (
        <p className="small text-body-secondary mb-0">{t('mod.notices.none')}</p>
      ) : (
        <ul className="list-unstyled mb-0 d-flex flex-column gap-1">
          {targets.map((target) => (
            <li key={target.key} data-testid={testId} className="d-flex gap-2 align-items-start">
              <Form.Check
                id={`notice-target-${target.key}`}
                className="addme-check"
                checked={!skip.has(target.key)}
                onChange={() => onToggle(target.key)}
                aria-label={t('mod.notices.takeDown', { label: target.label })}
              />
              {target.kind === 'image' && (
                <a
                  href={target.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex-shrink-0"
                >
                  <img
                    src={target.url}
                    alt={t('mod.notices.targetAlt', { label: target.label })}
                    width={56}
                    height={56}
                    loading="lazy"
                    className="rounded border notice-thumb"
                  />
                </a>
              )}
              <div className="min-w-0 small">
                <div>
                  {t(`mod.notices.targetKinds.${target.kind}`)}: {target.label}
                  {target.kind === 'image' && target.distance ? (
                    <span className="text-body-secondary">
                      {' '}
                      · {t('mod.notices.distance', { count: target.distance })}
                    </span>
                  ) : null}
                </div>
                <a
                  href={target.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-break"
                >
                  {target.url}
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** One open notice: what its addresses name and the stored copies, ticked, and the decision. */
export function NoticeDecisionForm({ item }: { item: NoticeItem }) {
  const { t } = useTranslation();
  const detail = useQuery(noticeQuery(item.id));
  const decide = useNoticeDecision();
  const defaults = DEFAULTS[item.kind] ?? DEFAULTS.other;
  const [ground, setGround] = useState<NoticeDecideBody['ground']>(defaults?.ground ?? 'terms');
  const [category, setCategory] = useState<NoticeCategory>(
    defaults?.category ?? 'scope_of_platform_service',
  );
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [skip, setSkip] = useState<Set<string>>(new Set());
  const toggle = (key: string) =>
    setSkip((old) => {
      const next = new Set(old);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  if (detail.isPending) return <QueueLoading />;
  if (detail.isError) return <p className="text-danger small mt-2">{t('mod.notices.loadError')}</p>;
  const { targets, copies } = detail.data;

  const act = (action: NoticeDecideBody['action']) => {
    setReasonError(null);
    if (reason.trim().length < MIN_REASON) {
      setReasonError(t('mod.notices.reasonShort'));
      return;
    }
    const go = () =>
      decide.mutate(
        { id: item.id, action, ground, category, reason, skip: [...skip] },
        {
          onSuccess: (out) =>
            toast.success(
              action === 'remove'
                ? t('mod.notices.removed', { count: out.removed.length, copies: out.copies.length })
                : t('mod.notices.rejected'),
            ),
          onError: (error) => {
            if (error instanceof ApiError) setReasonError(error.fieldErrors.reason?.[0] ?? null);
          },
        },
      );
    if (action === 'remove') {
      const count = [...targets, ...copies].filter((x) => !skip.has(x.key)).length;
      toast.confirm(
        t('mod.notices.confirm', { count, reference: item.reference }),
        go,
        t('mod.notices.remove'),
      );
    } else go();
  };

  return (
    <div className="mt-3 border-top pt-3" data-testid="notice-decision">
      {(
        [
          ['targets', targets, 'notice-target'],
          ['copies', copies, 'notice-copy'],
        ] as const
      ).map(([key, list, testId]) => (
        <TargetList
          key={key}
          title={t(`mod.notices.${key}`)}
          targets={list}
          skip={skip}
          onToggle={toggle}
          testId={testId}
        />
      ))}
      <div className="row g-2 mb-2">
        <Form.Group className="col-sm-4" controlId={`notice-ground-${item.id}`}>
          <Form.Label className="small mb-0">{t('mod.notices.ground')}</Form.Label>
          <Form.Select
            className="addme-touch-select"
            value={ground}
            onChange={(e) => setGround(e.target.value as NoticeDecideBody['ground'])}
          >
            <option value="law">{t('mod.notices.grounds.law')}</option>
            <option value="terms">{t('mod.notices.grounds.terms')}</option>
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-sm-8" controlId={`notice-category-${item.id}`}>
          <Form.Label className="small mb-0">{t('mod.notices.category')}</Form.Label>
          <Form.Select
            className="addme-touch-select"
            value={category}
            onChange={(e) => setCategory(e.target.value as NoticeCategory)}
          >
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`mod.notices.categories.${c}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
      <ReasonField
        id={`notice-reason-${item.id}`}
        type="removal"
        value={reason}
        onChange={setReason}
        label={t('mod.notices.reason')}
      />
      <ErrorText text={reasonError} />
      <div className="d-flex gap-2 mt-3">
        <ActionButton
          variant="danger"
          className="flex-fill"
          disabled={decide.isPending}
          onClick={() => act('remove')}
        >
          {t('mod.notices.remove')}
        </ActionButton>
        <ActionButton
          className="flex-fill"
          disabled={decide.isPending}
          onClick={() => act('reject')}
        >
          {t('mod.notices.reject')}
        </ActionButton>
      </div>
    </div>
  );
}
