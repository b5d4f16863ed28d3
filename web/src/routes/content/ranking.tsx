import { RankingPage } from '@/features/help/RankingPage';

/** /help/ranking */
export function Component() {
  return <RankingPage />;
}
