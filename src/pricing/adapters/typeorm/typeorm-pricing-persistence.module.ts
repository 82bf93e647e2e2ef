import { Module } from '@nestjs/common';
import { PriceSources } from '../../ports/price-sources';
import { TypeOrmPriceSources } from './typeorm-price-sources';

@Module({
  providers: [{ provide: PriceSources, useClass: TypeOrmPriceSources }],
  exports: [PriceSources],
})
export class TypeOrmPricingPersistenceModule {}
