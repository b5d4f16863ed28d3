import { LegalText } from '@/components/LegalText';

export type LegalDocumentKey =
  | 'terms'
  | 'acceptableUse'
  | 'dmca'
  | 'privacy'
  | 'refunds'
  | 'recordKeeping';

/** Renders a legal text kept in the catalogues (legal.<doc>.title / updated / sections). */
export function LegalDocument({ doc }: { doc: LegalDocumentKey }) {
  return <LegalText base={`legal.${doc}`} />;
}
