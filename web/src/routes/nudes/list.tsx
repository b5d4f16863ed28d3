import { NudesView } from '@/features/media/NudesView';

/** /nudes, /{app}-nudes and sub-paths (paths in features/media/paths.ts). */
export function Component() {
  return <NudesView />;
}
