import frAdmin from './fr/admin.json';
import frAds from './fr/ads.json';
import frApiErrors from './fr/apiErrors.json';
import frCatalog from './fr/catalog.json';
import frCommon from './fr/common.json';
import frCommunity from './fr/community.json';
import frDecisions from './fr/decisions.json';
import frGuard from './fr/guard.json';
import frLegal from './fr/legal.json';
import frListings from './fr/listings.json';
import frOps from './fr/ops.json';
import frPeople from './fr/people.json';
import frShop from './fr/shop.json';
import frStats from './fr/stats.json';
import frUpkeep from './fr/upkeep.json';
import frWallet from './fr/wallet.json';

/** The French catalogue, loaded on demand (src/i18n/index.ts). */
export default {
  ...frCommon,
  ads: frAds,
  apiErrors: frApiErrors,
  catalog: frCatalog,
  community: frCommunity,
  decisions: frDecisions,
  guard: frGuard,
  legal: frLegal,
  listings: frListings,
  mod: frAdmin,
  ops: frOps,
  people: frPeople,
  shop: frShop,
  upkeep: frUpkeep,

  stats: frStats,
  wallet: frWallet,
};
