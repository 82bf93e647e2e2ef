import { Module } from '@nestjs/common';
import { BulkReaderModule } from '../database/bulk-reader.module';
import { SqlPriceSources } from './adapters/typeorm/sql-price-sources';
import { PriceDeterminationService } from './price-determination.service';
import { PriceDetermination } from './ports/price-determination';
import { PriceSources } from './ports/price-sources';

/**
 * Price determination (D7): the article list uses it in bulk per page, order creation for the
 * articles of an order. Import this module and inject `PriceDetermination`.
 */
@Module({
  imports: [BulkReaderModule],
  providers: [
    { provide: PriceDetermination, useClass: PriceDeterminationService },
    { provide: PriceSources, useClass: SqlPriceSources },
  ],
  exports: [PriceDetermination],
})
export class PricingModule {}
