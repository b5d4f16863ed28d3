import { AppBadge } from '@/components/AppBadge';
import { Avatar } from '@/components/Avatar';
import { CardLink } from '@/components/CardLink';
import type { AppName } from '@/config/options';
import { useTranslation } from '@/i18n/useTranslation';
import type { Group } from './queries';
import '@/components/cards.css';
import './groups.css';

export function groupPath(group: { slug: string }) {
  return `/group/${encodeURIComponent(group.slug)}`;
}

/** A group in a list: the same card shell as usernames (avatar, name, app badge, facts). */
export function GroupCard({ group, headingLevel = 2 }: { group: Group; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="ucard gcard" data-testid="group-card" data-slug={group.slug}>
      <Avatar username={group.name} />
      <div className="ucard-body">
        <Heading className="ucard-name">
          <CardLink to={groupPath(group)}>{group.name}</CardLink>
        </Heading>
        <div className="ucard-meta">
          <AppBadge app={group.app as AppName} />
          <span className="ucard-facts">
            {t('community.groups.members', { count: group.members_count, max: group.max_members })}
          </span>
          {group.is_full && (
            <span className="badge text-bg-secondary">{t('community.groups.full')}</span>
          )}
        </div>
        {group.description && <p className="ucard-desc">{group.description}</p>}
      </div>
    </article>
  );
}
