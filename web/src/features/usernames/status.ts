import type { MyUsername } from './types';

/** Bootstrap colour of each status badge. */
export function statusVariant(status: MyUsername['status']): string {
  switch (status) {
    case 'approved':
      return 'success';
    case 'pending':
      return 'warning';
    case 'rejected':
    case 'banned':
      return 'danger';
    default:
      return 'secondary';
  }
}

/** Which translated notice to show under the status (the server's text is the fallback). */
export function noticeKey(u: Pick<MyUsername, 'status' | 'ready_to_unban' | 'is_hidden'>) {
  if (u.status === 'pending') return 'pending';
  if (u.status === 'rejected') return 'rejected';
  if (u.status === 'banned') return u.ready_to_unban ? 'readyToUnban' : 'banned';
  if (u.status === 'delisted') return 'delisted';
  if (u.is_hidden) return 'hidden';
  return null;
}
