import type { User } from '@/session/session';

/** Local swipes are for VIP (is_promoted) and Studio members (spec section 6). */
export function canSwipe(user: User | null): boolean {
  return !!user && (user.is_promoted || user.is_studio);
}
