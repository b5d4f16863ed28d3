/** The profile's readable address: /username/{username}/{id}. */
export function profilePath(card: { id: number; username: string }): string {
  return `/username/${encodeURIComponent(card.username)}/${card.id}`;
}

/**
 * The notice form pre-filled with this page or image (the Report links of profiles, gallery images
 * and groups): the site's absolute URL, as the notice stores it.
 */
export function reportContentPath(url: string, kind?: string): string {
  const absolute = new URL(url, window.location.origin).href;
  const query = new URLSearchParams({ url: absolute });
  if (kind) query.set('kind', kind);
  return `/report-content?${query.toString()}`;
}

/**
 * Where a profile view came from, for the owner's figures: a list, a search, a tag page or a
 * profile's similar usernames ("suggestions"); a profile opened from outside counts as "profile".
 */
export type ViewSource = 'list' | 'search' | 'tag' | 'profile' | 'suggestions';
const VIEW_SOURCES: readonly ViewSource[] = ['list', 'search', 'tag', 'profile', 'suggestions'];

/** The navigation state a card's link carries to the profile. */
export function viewState(source: ViewSource): { viewSource: ViewSource } {
  return { viewSource: source };
}

/** The place a profile was opened from (its link's state), else "profile". */
export function viewSourceOf(state: unknown): ViewSource {
  const source = (state as { viewSource?: unknown } | null)?.viewSource;
  return VIEW_SOURCES.includes(source as ViewSource) ? (source as ViewSource) : 'profile';
}
