import { UpPage } from '@/features/content/UpPage';

/** /up */
export function Component() {
  return <UpPage />;
}
