import { useId, useState } from 'react';
import { Form, Modal } from 'react-bootstrap';
import { DecisionMacroPicker, MIN_REASON } from '@/components/DecisionMacroPicker';
import { SubmitButton } from '@/components/FormField';
import { useTranslation } from '@/i18n/useTranslation';

const PRESETS = ['0', '24', '72', '168', '720', 'custom', 'lifetime'] as const;
type Preset = (typeof PRESETS)[number];

/**
 * The duration of a ban: presets, any number of hours up to a year, or for good (null). With
 * `min={0}` (accounts and usernames) 0 hours is offered too: a warning, which `zeroHint` explains.
 */
export function DurationField({
  value,
  onChange,
  min = 1,
  zeroHint,
}: {
  value: number | null;
  onChange: (hours: number | null) => void;
  min?: 0 | 1;
  zeroHint?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const presets = PRESETS.filter((p) => min === 0 || p !== '0');
  const [preset, setPreset] = useState<Preset>(
    value === null
      ? 'lifetime'
      : presets.includes(String(value) as Preset)
        ? (String(value) as Preset)
        : 'custom',
  );
  return (
    <div className="mb-3">
      <Form.Label htmlFor={`${id}-preset`} className="fw-medium">
        {t('people.common.duration')}
      </Form.Label>
      <Form.Select
        id={`${id}-preset`}
        value={preset}
        onChange={(e) => {
          const next = e.target.value as Preset;
          setPreset(next);
          if (next === 'lifetime') onChange(null);
          else if (next !== 'custom') onChange(Number(next));
        }}
      >
        {presets.map((p) => (
          <option key={p} value={p}>
            {p === 'lifetime'
              ? t('people.common.lifetime')
              : p === 'custom'
                ? t('people.common.hours')
                : p === '0'
                  ? t('people.common.warningOnly')
                  : t('people.common.durationHours', { count: Number(p) })}
          </option>
        ))}
      </Form.Select>
      {preset === 'custom' && (
        <Form.Control
          className="mt-2"
          type="number"
          min={min}
          max={8760}
          required
          aria-label={t('people.common.hours')}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value ? Number(e.target.value) : min)}
        />
      )}
      {value === 0 && zeroHint && (
        <Form.Text className="d-block" data-testid="zero-hint">
          {zeroHint}
        </Form.Text>
      )}
    </div>
  );
}

/**
 * A confirm dialog that asks for the reason: every admin action goes through one, so the audit
 * log always says why. `memberFacing` labels the reason as one the member will read.
 */
export function ActionDialog({
  show,
  title,
  message,
  confirmLabel,
  danger = false,
  reasonRequired = true,
  memberFacing = false,
  withReason = true,
  decision,
  reasonMinLength,
  pending,
  onClose,
  onConfirm,
  children,
}: {
  show: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  reasonRequired?: boolean;
  memberFacing?: boolean;
  withReason?: boolean;
  /** A restricting decision (a statement of reasons): its canned reasons are offered, and the
   * reason needs MIN_REASON characters, as the server asks. */
  decision?: string | readonly string[];
  /** The fewest characters the server takes for this action's reason (the browser says so first). */
  reasonMinLength?: number;
  pending: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby={`${id}-title`}>
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          if (withReason && reasonRequired && !reason.trim()) return;
          if (decision && reason.trim().length < MIN_REASON) return;
          onConfirm(reason.trim());
        }}
      >
        <Modal.Header closeButton closeLabel={t('toast.close')}>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{message}</p>
          {children}
          {withReason && (
            <Form.Group controlId={`${id}-reason`}>
              <Form.Label className="fw-medium">
                {memberFacing ? t('people.common.memberReason') : t('people.common.reason')}
              </Form.Label>
              {decision && (
                <div className="mb-2">
                  <DecisionMacroPicker decision={decision} onPick={setReason} />
                </div>
              )}
              <Form.Control
                as="textarea"
                rows={2}
                maxLength={300}
                required={reasonRequired || Boolean(decision)}
                minLength={decision ? MIN_REASON : reasonMinLength}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
              <Form.Text>
                {decision
                  ? t('decisions.reasonHint', { count: MIN_REASON })
                  : memberFacing
                    ? t('people.common.memberReasonHint')
                    : t('people.common.reasonHint')}
              </Form.Text>
            </Form.Group>
          )}
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary btn-touch" onClick={onClose}>
            {t('people.common.cancel')}
          </button>
          <SubmitButton pending={pending} variant={danger ? 'danger' : 'accent'}>
            {confirmLabel}
          </SubmitButton>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
