/**
 * The admin menu as one list: what each entry opens and the permission (core/permissions.py) it
 * needs. The menu shows an entry only when GET /v1/admin/me lists its permission, and the layout
 * refuses a page whose permission the level lacks. Entries whose screens come later (users, bans,
 * blacklist, image bans, gallery) are listed already; they show once their route exists.
 */
export type AdminNavItem = {
  path: string;
  /** i18n key under `mod.nav`. */
  key: string;
  permission: string;
  end?: boolean;
};

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { path: '/admin', key: 'home', permission: 'admin.dashboard', end: true },
  { path: '/admin/review', key: 'review', permission: 'moderation.review' },
  { path: '/admin/notices', key: 'notices', permission: 'moderation.notices' },
  { path: '/admin/report', key: 'reports', permission: 'moderation.reports' },
  { path: '/admin/comments', key: 'comments', permission: 'moderation.reports' },
  { path: '/admin/appeals', key: 'appeals', permission: 'moderation.appeals' },
  { path: '/admin/unban-requests', key: 'unban', permission: 'moderation.bans' },
  { path: '/admin/removal-requests', key: 'removal', permission: 'moderation.reports' },
  { path: '/admin/contact-queue', key: 'contactQueue', permission: 'content.contact_moderation' },
  { path: '/admin/contact', key: 'contact', permission: 'content.contact' },
  { path: '/admin/macros', key: 'macros', permission: 'moderation.macros' },
  { path: '/admin/promotions', key: 'promotions', permission: 'wallet.promotions' },
  { path: '/admin/automations', key: 'automations', permission: 'wallet.automations' },
  { path: '/admin/switch-rules', key: 'switchRules', permission: 'accounts.switch_rules' },
  { path: '/admin/users', key: 'users', permission: 'accounts.users' },
  { path: '/admin/flags', key: 'flags', permission: 'trust.flags' },
  { path: '/admin/ban', key: 'bans', permission: 'moderation.bans' },
  { path: '/admin/blacklist', key: 'blacklist', permission: 'moderation.blacklist' },
  { path: '/admin/trackers', key: 'trackers', permission: 'trust.trackers' },
  { path: '/admin/image-bans', key: 'imageBans', permission: 'media.image_bans' },
  { path: '/admin/gallery', key: 'gallery', permission: 'media.gallery' },
  { path: '/admin/blog', key: 'blog', permission: 'content.blog' },
  { path: '/admin/tags', key: 'tags', permission: 'listings.tags' },
  { path: '/admin/groups', key: 'groups', permission: 'groups.manage' },
  { path: '/admin/order', key: 'orders', permission: 'shop.orders' },
  { path: '/admin/keygen', key: 'keygen', permission: 'shop.keygen' },
  { path: '/admin/pins', key: 'pins', permission: 'wallet.pins' },
  { path: '/admin/stats', key: 'stats', permission: 'admin.stats' },
  { path: '/admin/ondato', key: 'ondato', permission: 'trust.age_verification' },
  { path: '/admin/ad', key: 'ads', permission: 'content.ads' },
  { path: '/admin/alerts', key: 'alerts', permission: 'content.alerts' },
  { path: '/admin/transparency', key: 'transparency', permission: 'moderation.transparency' },
  { path: '/admin/audit', key: 'audit', permission: 'admin.audit' },
  { path: '/admin/jobs', key: 'jobs', permission: 'admin.jobs' },
];

/** The entries this admin may open, among those the app has a route for. */
export function visibleNav(
  permissions: readonly string[],
  hasRoute: (path: string) => boolean,
): AdminNavItem[] {
  const allowed = new Set(permissions);
  return ADMIN_NAV.filter((item) => allowed.has(item.permission) && hasRoute(item.path));
}

/** The menu entry a location belongs to (the longest path that prefixes it). */
export function navItemFor(pathname: string): AdminNavItem | undefined {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return [...ADMIN_NAV]
    .filter((item) => clean === item.path || clean.startsWith(`${item.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
}
