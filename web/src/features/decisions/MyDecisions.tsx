import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Form, Modal } from 'react-bootstrap';
import { SubmitButton } from '@/components/FormField';
import { LoadError } from '@/components/LoadError';
import { ModalHeading } from '@/components/ModalHeading';
import { useTranslation } from '@/i18n/useTranslation';
import { useFormat } from '@/lib/format';
import { toast } from '@/toasts/toastStore';
import { type MyDecision, myDecisionsQuery, useAppeal } from './queries';

/** What a statement says of how it was made: found by a check or a person, decided by whom. */
function howMade(t: (key: string) => string, s: MyDecision['statement']) {
  return [
    t(s.automated_detection ? 'decisions.mine.detectedYes' : 'decisions.mine.detectedNo'),
    t(
      s.automated_decision === 'not_automated'
        ? 'decisions.mine.decidedNo'
        : 'decisions.mine.decidedYes',
    ),
  ].join(', ');
}

function AppealDialog({ item, onClose }: { item: MyDecision; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const appeal = useAppeal();
  const [message, setMessage] = useState('');
  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`}>
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          if (!message.trim()) return;
          appeal.mutate(
            { id: item.statement.id, message: message.trim() },
            {
              onSuccess: () => {
                toast.success(t('decisions.mine.sent'));
                onClose();
              },
            },
          );
        }}
      >
        <ModalHeading id={`${id}-title`} title={t('decisions.mine.appealTitle')} />
        <Modal.Body>
          <p className="fw-medium mb-2">{t(`decisions.kinds.${item.statement.decision}`)}</p>
          <Form.Group controlId={`${id}-message`}>
            <Form.Label className="fw-medium">{t('decisions.mine.appealLabel')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={4}
              required
              maxLength={2000}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
            <Form.Text>{t('decisions.mine.appealHint')}</Form.Text>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary btn-touch" onClick={onClose}>
            {t('decisions.mine.cancel')}
          </button>
          <SubmitButton pending={appeal.isPending} variant="accent">
            {t('decisions.mine.send')}
          </SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

function DecisionCard({ item }: { item: MyDecision }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [appealing, setAppealing] = useState(false);
  const s = item.statement;
  const label = t(`decisions.kinds.${s.decision}`);
  const isOutcome = s.decision.startsWith('appeal_');
  return (
    <li className="addme-card p-3" data-testid="decision-item">
      <div className="d-flex flex-wrap gap-2 align-items-baseline justify-content-between">
        <h2 className="h6 mb-0">{label}</h2>
        <span className="small text-body-secondary">
          {t('decisions.mine.when', { date: format.date(s.decided_at, 'moment') })}
        </span>
      </div>
      <dl className="addme-statement small mt-2 mb-0">
        {item.about && (
          <>
            <dt>{t('decisions.mine.about')}</dt>
            <dd className="text-break">{item.about}</dd>
          </>
        )}
        <dt>{t('decisions.mine.facts')}</dt>
        <dd className="text-break" data-testid="decision-facts">
          {s.facts}
        </dd>
        <dt>{t('decisions.mine.ground')}</dt>
        <dd>
          {t(s.ground === 'law' ? 'decisions.mine.groundLaw' : 'decisions.mine.groundTerms', {
            ref: s.ground_reference,
          })}
        </dd>
        <dt>{t('decisions.mine.how')}</dt>
        <dd>{howMade(t, s)}</dd>
      </dl>
      {item.appeals.map((a) => (
        <div key={a.id} className="small mt-2" data-testid="decision-appeal">
          <span
            className={`badge text-wrap text-start ${a.status === 'open' ? 'text-bg-warning' : a.status === 'reversed' ? 'text-bg-success' : 'text-bg-secondary'}`}
          >
            {t(`decisions.mine.status.${a.status}`, { date: format.date(a.due_at, 'day') })}
          </span>
          {a.reason && (
            <div className="mt-1 text-break">
              {t('decisions.mine.answer', { reason: a.reason })}
            </div>
          )}
        </div>
      ))}
      <div className="mt-3 d-flex flex-wrap gap-2 align-items-center">
        {item.appealable ? (
          <>
            <button
              type="button"
              className="btn btn-accent btn-touch"
              aria-label={t('decisions.mine.appealAria', { decision: label })}
              onClick={() => setAppealing(true)}
            >
              {t('decisions.mine.appeal')}
            </button>
            {item.appeal_until && (
              <span className="small text-body-secondary">
                {t('decisions.mine.appealUntil', { date: format.date(item.appeal_until, 'day') })}
              </span>
            )}
          </>
        ) : item.appeals.some((a) => a.status === 'open') ? null : (
          <span className="small text-body-secondary">
            {isOutcome
              ? t('decisions.mine.outcome')
              : item.appeal_until
                ? t('decisions.mine.closed')
                : t('decisions.mine.notAppealable')}
          </span>
        )}
      </div>
      {appealing && <AppealDialog item={item} onClose={() => setAppealing(false)} />}
    </li>
  );
}

/** /user/decisions: every statement of reasons about the member, with an Appeal button. */
export function MyDecisions() {
  const { t } = useTranslation();
  const decisions = useQuery(myDecisionsQuery);
  const items = decisions.data?.data ?? [];
  return (
    <div>
      <h1 className="h3 mb-1">{t('decisions.mine.title')}</h1>
      <p className="text-body-secondary">{t('decisions.mine.intro')}</p>
      {decisions.isError ? (
        <LoadError message={t('decisions.mine.loadError')} query={decisions} />
      ) : decisions.isPending ? null : items.length === 0 ? (
        <p className="addme-card p-3 mb-0">{t('decisions.mine.empty')}</p>
      ) : (
        <ul className="list-unstyled d-flex flex-column gap-3 mb-0">
          {items.map((item) => (
            <DecisionCard key={item.statement.id} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}
