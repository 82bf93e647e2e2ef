import { InitialSchema1700000000000 } from './1700000000000-initial-schema';
import { ArticleListIndexes1700000040000 } from './1700000040000-article-list-indexes';
import { PriceTierIndex1700000041000 } from './1700000041000-price-tier-index';
import { ArticleRecordCoveringIndexes1700000042000 } from './1700000042000-article-record-covering-indexes';
import { CustomerAddressRoleIndexes1700000051000 } from './1700000051000-customer-address-role-indexes';
import { PriceListTierIndex1700000052000 } from './1700000052000-price-list-tier-index';
import { EventOutbox1700000060000 } from './1700000060000-event-outbox';
import { AttributeOwnerCoveringIndex1700000061000 } from './1700000061000-attribute-owner-covering-index';
import { AddressSearchIndexes1700000070000 } from './1700000070000-address-search-indexes';

export { EVENT_NUMBER_RANGE } from './1700000060000-event-outbox';
export {
  addressSearchKey,
  INDEXED_SEARCH_FIELDS,
  mssqlSearchColumn,
} from './1700000070000-address-search-indexes';

/** Every migration in order, listed explicitly (no globs). */
export const ERP_MIGRATIONS = [
  InitialSchema1700000000000,
  ArticleListIndexes1700000040000,
  PriceTierIndex1700000041000,
  ArticleRecordCoveringIndexes1700000042000,
  CustomerAddressRoleIndexes1700000051000,
  PriceListTierIndex1700000052000,
  EventOutbox1700000060000,
  AttributeOwnerCoveringIndex1700000061000,
  AddressSearchIndexes1700000070000,
];
