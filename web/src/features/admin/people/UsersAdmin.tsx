import { useQuery } from '@tanstack/react-query';
import { Form } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router';
import { AdminTable } from '@/components/admin/AdminTable';
import { PagerRow } from '@/components/admin/PagerRow';
import { LoadError } from '@/components/LoadError';
import { LoadingBlock } from '@/components/LoadingBlock';
import { SearchForm } from '@/components/SearchForm';
import { useTranslation } from '@/i18n/useTranslation';
import { formatWhen } from './format';
import { type AdminUserRow, type UserSearch, usersQuery } from './queries';

const LEVELS = ['any', 'none', 'Full', 'AdPartner', 'Moderator'] as const;
const SORTS = ['newest', 'oldest', 'email', 'last_login'] as const;
const FLAGS = ['banned', 'high_risk', 'vip', 'studio'] as const;
type Flag = (typeof FLAGS)[number];
const FLAG_LABEL: Record<Flag, string> = {
  banned: 'banned',
  high_risk: 'highRisk',
  vip: 'vip',
  studio: 'studio',
};
const PER_PAGE = 25;

function readSearch(params: URLSearchParams): UserSearch {
  const search: UserSearch = { per_page: PER_PAGE };
  const q = params.get('q');
  if (q) search.q = q;
  const level = params.get('level');
  if (level && (LEVELS as readonly string[]).includes(level))
    search.level = level as UserSearch['level'];
  for (const flag of FLAGS) {
    const v = params.get(flag);
    if (v === 'true' || v === 'false') search[flag] = v === 'true';
  }
  const sort = params.get('sort');
  if (sort && (SORTS as readonly string[]).includes(sort)) search.sort = sort as UserSearch['sort'];
  const page = Number(params.get('page') ?? '1');
  if (Number.isInteger(page) && page > 1) search.page = page;
  return search;
}

export function StatusBadges({ user }: { user: AdminUserRow }) {
  const { t } = useTranslation();
  const badges: [string, string][] = [];
  if (user.deleted_at) badges.push(['deleted', 'text-bg-secondary']);
  if (user.banned_at) badges.push(['banned', 'text-bg-danger']);
  if (user.high_risk) badges.push(['highRisk', 'text-bg-warning']);
  if (user.is_promoted) badges.push(['vip', 'text-bg-primary']);
  if (user.is_studio) badges.push(['studio', 'text-bg-info']);
  if (!user.email_confirmed) badges.push(['unconfirmed', 'text-bg-light border']);
  return (
    <span className="d-inline-flex flex-wrap gap-1">
      {user.admin_level && <span className="badge text-bg-dark">{user.admin_level}</span>}
      {badges.map(([key, cls]) => (
        <span key={key} className={`badge ${cls}`}>
          {t(`people.users.badges.${key}`)}
        </span>
      ))}
    </span>
  );
}

/** /admin/users: search, filter, sort and page on the server; a table on a desk, cards on a phone. */
export function UsersAdmin() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = readSearch(params);
  const users = useQuery(usersQuery(search));

  const update = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next);
  };

  const page = search.page ?? 1;
  const data = users.data;

  return (
    <div>
      <h1 className="h3">{t('people.users.title')}</h1>
      <p className="text-body-secondary">{t('people.users.intro')}</p>
      <SearchForm
        label={t('people.users.searchLabel')}
        submitText={t('people.common.search')}
        initial={search.q ?? ''}
        onSearch={(next) => update('q', next)}
        className="mb-2"
      />
      <fieldset className="row g-2 mb-3" aria-label={t('people.common.filters')}>
        <div className="col-6 col-md-3 col-xl-2">
          <Form.Label htmlFor="users-level" className="small mb-1">
            {t('people.users.level')}
          </Form.Label>
          <Form.Select
            id="users-level"
            value={search.level ?? ''}
            onChange={(e) => update('level', e.target.value || null)}
          >
            <option value="">{t('people.common.any')}</option>
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {t(`people.users.levels.${l}`)}
              </option>
            ))}
          </Form.Select>
        </div>
        {FLAGS.map((flag) => (
          <div key={flag} className="col-6 col-md-3 col-xl-2">
            <Form.Label htmlFor={`users-${flag}`} className="small mb-1">
              {t(`people.users.${FLAG_LABEL[flag]}`)}
            </Form.Label>
            <Form.Select
              id={`users-${flag}`}
              value={search[flag] === undefined ? '' : String(search[flag])}
              onChange={(e) => update(flag, e.target.value || null)}
            >
              <option value="">{t('people.common.any')}</option>
              <option value="true">{t('people.common.yes')}</option>
              <option value="false">{t('people.common.no')}</option>
            </Form.Select>
          </div>
        ))}
        <div className="col-6 col-md-3 col-xl-2">
          <Form.Label htmlFor="users-sort" className="small mb-1">
            {t('people.users.sort')}
          </Form.Label>
          <Form.Select
            id="users-sort"
            value={search.sort ?? 'newest'}
            onChange={(e) => update('sort', e.target.value === 'newest' ? null : e.target.value)}
          >
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`people.users.sorts.${s}`)}
              </option>
            ))}
          </Form.Select>
        </div>
      </fieldset>

      {users.isError && !data ? (
        <LoadError
          message={t('people.common.loadError')}
          onRetry={() => void users.refetch()}
          retrying={users.isFetching}
        />
      ) : !data ? (
        <LoadingBlock height="12rem" />
      ) : data.data.length === 0 ? (
        <p className="text-body-secondary">{t('people.users.empty')}</p>
      ) : (
        <>
          <AdminTable
            desktopOnly
            className="table table-sm table-hover align-middle mb-0"
            testId="users-table"
            columns={[
              t('people.users.id'),
              t('people.users.email'),
              t('people.users.status'),
              t('people.users.balances'),
              t('people.users.joined'),
              t('people.users.lastLogin'),
            ]}
          >
            {data.data.map((u) => (
              <tr key={u.id}>
                <td>{u.id}</td>
                <td className="text-break">
                  <Link to={`/admin/users/${u.id}`}>{u.email}</Link>
                </td>
                <td>
                  <StatusBadges user={u} />
                </td>
                <td>
                  {u.top_ups_count} / {u.fire_pins_count}
                </td>
                <td className="text-nowrap">{formatWhen(u.created_at, i18n.language)}</td>
                <td className="text-nowrap">{formatWhen(u.last_login_at, i18n.language)}</td>
              </tr>
            ))}
          </AdminTable>
          <ul
            className="list-unstyled d-flex flex-column gap-2 d-lg-none"
            data-testid="users-cards"
          >
            {data.data.map((u) => (
              <li key={u.id} className="addme-card p-3">
                <Link
                  to={`/admin/users/${u.id}`}
                  className="fw-semibold text-break d-inline-block py-2"
                >
                  {u.email}
                </Link>
                <div className="small text-body-secondary">
                  #{u.id} · {t('people.users.joined')} {formatWhen(u.created_at, i18n.language)}
                </div>
                <div className="small">
                  {t('people.users.balances')}: {u.top_ups_count} / {u.fire_pins_count}
                </div>
                <StatusBadges user={u} />
              </li>
            ))}
          </ul>
          <PagerRow
            always
            texts="people"
            page={page}
            total={data.meta.total}
            capped={data.meta.total_capped}
            hasNext={data.meta.has_next}
            label={t('people.users.title')}
            onPage={(p) => update('page', p > 1 ? String(p) : null)}
          />
        </>
      )}
    </div>
  );
}
