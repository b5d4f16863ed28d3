import { SwipesLanding } from '@/features/swipes/SwipesLanding';

/** /local-swipes */
export function Component() {
  return <SwipesLanding />;
}
