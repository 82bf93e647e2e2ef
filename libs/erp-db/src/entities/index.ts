import { AddressEntity } from './address.entity';
import { ApiTokenEntity } from './api-token.entity';
import { ApiUserEntity } from './api-user.entity';
import { ArticleMediaEntity } from './article-media.entity';
import { ArticleTextEntity } from './article-text.entity';
import { ArticleEntity } from './article.entity';
import { AttributeEntity } from './attribute.entity';
import { CompanyEntity } from './company.entity';
import { CurrencyEntity } from './currency.entity';
import { CustomerEntity } from './customer.entity';
import { IdempotencyKeyEntity } from './idempotency-key.entity';
import { NumberRangeEntity } from './number-range.entity';
import { OrderAddressEntity } from './order-address.entity';
import { OrderLineEntity } from './order-line.entity';
import { OrderPaymentEntity } from './order-payment.entity';
import { OrderEntity } from './order.entity';
import { EventDeliveryEntity } from './event-delivery.entity';
import { EventEntity } from './event.entity';
import { WebhookSubscriptionEntity } from './webhook-subscription.entity';
import { PackagingUnitEntity } from './packaging-unit.entity';
import { PostalCodeEntity } from './postal-code.entity';
import { PriceListEntity } from './price-list.entity';
import { PriceEntity } from './price.entity';
import { ReservationEntity } from './reservation.entity';
import { StockEntity } from './stock.entity';
import { StoragePlaceEntity } from './storage-place.entity';
import { StoreEntity } from './store.entity';
import { TaxCodeEntity } from './tax-code.entity';

export * from './address.entity';
export * from './api-token.entity';
export * from './api-user.entity';
export * from './article-media.entity';
export * from './article-text.entity';
export * from './article.entity';
export * from './attribute.entity';
export * from './company.entity';
export * from './currency.entity';
export * from './customer.entity';
export * from './idempotency-key.entity';
export * from './number-range.entity';
export * from './order-address.entity';
export * from './order-line.entity';
export * from './order-payment.entity';
export * from './order.entity';
export * from './event-delivery.entity';
export * from './event.entity';
export * from './webhook-subscription.entity';
export * from './packaging-unit.entity';
export * from './postal-code.entity';
export * from './price-list.entity';
export * from './price.entity';
export * from './reservation.entity';
export * from './stock.entity';
export * from './storage-place.entity';
export * from './store.entity';
export * from './tax-code.entity';

/** Every entity, listed explicitly (no globs), for the data source and TypeOrmModule. */
export const ERP_ENTITIES = [
  AddressEntity,
  CustomerEntity,
  OrderEntity,
  OrderLineEntity,
  OrderAddressEntity,
  OrderPaymentEntity,
  ArticleEntity,
  ArticleTextEntity,
  AttributeEntity,
  PriceListEntity,
  PriceEntity,
  PackagingUnitEntity,
  StoreEntity,
  StoragePlaceEntity,
  StockEntity,
  ReservationEntity,
  ArticleMediaEntity,
  CurrencyEntity,
  TaxCodeEntity,
  PostalCodeEntity,
  NumberRangeEntity,
  CompanyEntity,
  ApiUserEntity,
  ApiTokenEntity,
  IdempotencyKeyEntity,
  EventEntity,
  EventDeliveryEntity,
  WebhookSubscriptionEntity,
];
