import { Module } from '@nestjs/common';
import { SqlReaderModule } from '../database/sql-reader.module';
import { TypeOrmPriceSources } from './adapters/typeorm/typeorm-price-sources';
import { PriceDeterminationService } from './price-determination.service';
import { PriceDetermination } from './ports/price-determination';
import { PriceSources } from './ports/price-sources';

/**
 * Price determination (D7): the article list uses it in bulk per page, order creation for the
 * articles of an order. Import this module and inject `PriceDetermination`.
 */
@Module({
  imports: [SqlReaderModule],
  providers: [
    { provide: PriceDetermination, useClass: PriceDeterminationService },
    { provide: PriceSources, useClass: TypeOrmPriceSources },
  ],
  exports: [PriceDetermination],
})
export class PricingModule {}
