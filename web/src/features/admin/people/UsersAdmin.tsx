import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AdminList } from '@/components/admin/AdminList';
import { AdminPage } from '@/components/admin/AdminPage';
import { TableAndCards } from '@/components/admin/AdminTable';
import { FilterSelect } from '@/components/admin/SelectOptions';
import { useListParams } from '@/components/admin/useListParams';
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
const COLUMNS = ['id', 'email', 'status', 'balances', 'joined', 'lastLogin'] as const;

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
  const params = useListParams();
  const search = readSearch(params.all);
  const users = useQuery(usersQuery(search));
  const any = t('people.common.any');

  return (
    <AdminPage title={t('people.users.title')} intro={t('people.users.intro')}>
      <SearchForm
        label={t('people.users.searchLabel')}
        submitText={t('people.common.search')}
        initial={params.q}
        onSearch={params.search}
        className="mb-2"
      />
      <fieldset className="row g-2 mb-3" aria-label={t('people.common.filters')}>
        <FilterSelect
          id="users-level"
          label={t('people.users.level')}
          value={search.level ?? ''}
          onChange={(v) => params.set('level', v)}
          any={any}
          values={LEVELS}
          text={(l) => t(`people.users.levels.${l}`)}
        />
        {FLAGS.map((flag) => (
          <FilterSelect
            key={flag}
            id={`users-${flag}`}
            label={t(`people.users.${FLAG_LABEL[flag]}`)}
            value={search[flag] === undefined ? '' : String(search[flag])}
            onChange={(v) => params.set(flag, v)}
            any={any}
            values={['true', 'false']}
            text={(v) => t(v === 'true' ? 'people.common.yes' : 'people.common.no')}
          />
        ))}
        <FilterSelect
          id="users-sort"
          label={t('people.users.sort')}
          value={search.sort ?? 'newest'}
          onChange={(v) => params.set('sort', v === 'newest' ? null : v)}
          values={SORTS}
          text={(s) => t(`people.users.sorts.${s}`)}
        />
      </fieldset>
      <AdminList
        query={users}
        items={users.data?.data}
        keepRowsOnError
        loadError={t('people.common.loadError')}
        loading={{ height: '12rem' }}
        empty={t('people.users.empty')}
        render={(rows) => (
          <TableAndCards
            items={rows}
            testId="users"
            columns={COLUMNS.map((c) => t(`people.users.${c}`))}
            row={(u) => (
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
            )}
            cardKey={(u) => u.id}
            card={(u) => (
              <>
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
              </>
            )}
          />
        )}
        pager={{
          people: true,
          page: search.page ?? 1,
          meta: users.data?.meta,
          label: t('people.users.title'),
          onPage: params.setPage,
        }}
      />
    </AdminPage>
  );
}
