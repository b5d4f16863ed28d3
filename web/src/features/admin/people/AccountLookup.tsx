import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Form, Spinner } from 'react-bootstrap';
import { AppBadge } from '@/components/AppBadge';
import { ActionButton } from '@/components/admin/ActionButton';
import type { AppName } from '@/config/options';
import { useTranslation } from '@/i18n/useTranslation';
import { type BanLookupRow, banLookupQuery } from './queries';

/**
 * Find the account to ban by its exact e-mail, a handle or its id (what every admin level may
 * search: the answer masks the e-mail). Picking a row hands its id to the ban form.
 */
export function AccountLookup({ onPick }: { onPick: (row: BanLookupRow) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [term, setTerm] = useState('');
  const [searched, setSearched] = useState('');
  const result = useQuery(banLookupQuery(searched));
  const search = () => setSearched(term.trim());
  return (
    <div className="mb-3">
      <Form.Label htmlFor={`${id}-q`} className="fw-medium">
        {t('people.bans.lookup.label')}
      </Form.Label>
      <div className="d-flex gap-2">
        <Form.Control
          id={`${id}-q`}
          type="search"
          value={term}
          maxLength={100}
          autoComplete="off"
          aria-describedby={`${id}-hint`}
          onChange={(e) => setTerm(e.target.value)}
          onKeyDown={(e) => {
            // Enter searches here; it must not submit the ban form around it.
            if (e.key === 'Enter') {
              e.preventDefault();
              search();
            }
          }}
        />
        <ActionButton disabled={!term.trim()} onClick={search}>
          {t('people.bans.lookup.find')}
        </ActionButton>
      </div>
      <Form.Text id={`${id}-hint`}>{t('people.bans.lookup.hint')}</Form.Text>
      {searched && (
        <div className="mt-2" aria-live="polite">
          {result.isFetching && !result.data ? (
            <Spinner size="sm" role="status">
              <span className="visually-hidden">{t('people.bans.lookup.searching')}</span>
            </Spinner>
          ) : result.isError ? (
            <p className="small text-danger mb-0">{t('people.common.loadError')}</p>
          ) : result.data && result.data.length === 0 ? (
            <p className="small text-body-secondary mb-0" data-testid="lookup-empty">
              {t('people.bans.lookup.none')}
            </p>
          ) : (
            <ul className="list-group" data-testid="lookup-results">
              {result.data?.map((row) => (
                <li key={row.id} className="list-group-item p-0">
                  <button
                    type="button"
                    className="btn btn-link text-start text-decoration-none w-100 p-2 btn-touch"
                    onClick={() => {
                      onPick(row);
                      // The pick now shows under the id field: the list has done its job.
                      setSearched('');
                    }}
                  >
                    <AccountLine row={row} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/** An account as the lookup shows it: masked e-mail, its handle and app, its id, flags. */
export function AccountLine({ row }: { row: BanLookupRow }) {
  const { t } = useTranslation();
  return (
    <span className="d-flex flex-wrap align-items-center gap-2 text-body">
      <span className="fw-semibold text-break">{row.email_masked}</span>
      {row.handle && (
        <span className="text-break">
          {row.handle} {row.app && <AppBadge app={row.app as AppName} />}
        </span>
      )}
      <span className="small text-body-secondary">#{row.id}</span>
      {row.staff && <span className="badge text-bg-warning">{t('people.bans.lookup.staff')}</span>}
      {row.banned && <span className="badge text-bg-danger">{t('people.bans.lookup.banned')}</span>}
    </span>
  );
}
