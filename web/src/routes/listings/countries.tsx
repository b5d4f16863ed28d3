import { CountryList } from '@/features/listings/CountryList';

/** /countries */
export function Component() {
  return <CountryList />;
}
