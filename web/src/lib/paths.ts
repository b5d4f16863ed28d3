/** The profile's readable address: /username/{username}/{id}. */
export function profilePath(card: { id: number; username: string }): string {
  return `/username/${encodeURIComponent(card.username)}/${card.id}`;
}
