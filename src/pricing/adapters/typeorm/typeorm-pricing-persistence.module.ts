import { Module } from '@nestjs/common';
import { SqlReaderModule } from '../../../database/sql-reader.module';
import { PriceSources } from '../../ports/price-sources';
import { TypeOrmPriceSources } from './typeorm-price-sources';

@Module({
  imports: [SqlReaderModule],
  providers: [{ provide: PriceSources, useClass: TypeOrmPriceSources }],
  exports: [PriceSources],
})
export class TypeOrmPricingPersistenceModule {}
