import { LegalDocument } from '@/features/legal/LegalDocument';

export function Component() {
  return <LegalDocument doc="recordKeeping" />;
}
