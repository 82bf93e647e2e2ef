import { Module } from '@nestjs/common';
import { TypeOrmPricingPersistenceModule } from './adapters/typeorm/typeorm-pricing-persistence.module';
import { PriceDeterminationService } from './price-determination.service';
import { PriceDetermination } from './ports/price-determination';

/**
 * Price determination (D7): the article list uses it in bulk per page, order creation for one
 * article and quantity. Import this module and inject `PriceDetermination`.
 */
@Module({
  imports: [TypeOrmPricingPersistenceModule],
  providers: [{ provide: PriceDetermination, useClass: PriceDeterminationService }],
  exports: [PriceDetermination],
})
export class PricingModule {}
