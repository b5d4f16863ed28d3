import { formatDate } from '@/lib/format';

/** Dates in the admin tables: short, in the admin's locale and time zone. */
export function formatWhen(iso: string | null | undefined, locale: string): string {
  return formatDate(iso, locale, 'compact');
}
