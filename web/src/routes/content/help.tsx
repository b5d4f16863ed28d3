import { HelpPortal } from '@/features/help/HelpPortal';

/** /help */
export function Component() {
  return <HelpPortal />;
}
