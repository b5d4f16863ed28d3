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
