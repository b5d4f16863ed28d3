import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { useNavigate, useParams } from 'react-router';
import { TrustFlags } from '@/features/admin/people/TrustFlags';
import { useTitle } from '@/hooks/useTitle';
import { useTranslation } from '@/i18n/useTranslation';

const MAX_ID = 2_147_483_647;

/** /admin/flags and /admin/flags/:id: a moderator opens an account's risk and hopping flags by its
 * number (the Moderators' queue links here) and clears a false one. */
export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const userId = Number(id);
  const valid = Number.isInteger(userId) && userId >= 1 && userId <= MAX_ID;
  const [value, setValue] = useState(valid ? String(userId) : '');
  useTitle(t('mod.nav.flags'));
  return (
    <div>
      <h1 className="h3">{t('mod.nav.flags')}</h1>
      <p className="text-body-secondary">{t('people.flags.intro')}</p>
      <Form
        className="d-flex flex-wrap gap-2 align-items-end mb-3"
        onSubmit={(e) => {
          e.preventDefault();
          const next = Number(value);
          if (Number.isInteger(next) && next >= 1 && next <= MAX_ID)
            navigate(`/admin/flags/${next}`);
        }}
      >
        <Form.Group controlId="flags-account">
          <Form.Label className="fw-medium">{t('people.flags.account')}</Form.Label>
          <Form.Control
            type="number"
            min={1}
            max={MAX_ID}
            required
            inputMode="numeric"
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        </Form.Group>
        <button type="submit" className="btn btn-accent btn-touch">
          {t('people.flags.open')}
        </button>
      </Form>
      {valid && (
        <section className="addme-card p-3" aria-labelledby="flags-title">
          <h2 className="h5" id="flags-title">
            {t('people.flags.title', { id: userId })}
          </h2>
          <TrustFlags key={userId} userId={userId} />
        </section>
      )}
    </div>
  );
}
