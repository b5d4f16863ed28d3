import { Hero } from '@/features/home/Hero';
import { HowItWorks } from '@/features/home/HowItWorks';
import { LatestUsernames } from '@/features/listings/LatestUsernames';
import { useTitle } from '@/hooks/useTitle';

export function Component() {
  useTitle();
  return (
    <>
      <Hero />
      <LatestUsernames />
      <HowItWorks />
    </>
  );
}
