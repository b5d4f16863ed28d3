import { data, useParams } from 'react-router';
import { LegalDocument, type LegalDocumentKey } from '@/features/legal/LegalDocument';

const POLICIES: Record<string, LegalDocumentKey> = {
  'acceptable-use': 'acceptableUse',
  dmca: 'dmca',
  privacy: 'privacy',
  refunds: 'refunds',
};

export function Component() {
  const { policy = '' } = useParams();
  const doc = POLICIES[policy];
  if (!doc) throw data(null, { status: 404 });
  return <LegalDocument doc={doc} />;
}
