/** The other modals of the spec's precedence (max usernames, not enough Top-Ups, announcement). */
export function anotherModalOpen(doc: Document = document): boolean {
  return doc.querySelector('.modal.show') !== null;
}
