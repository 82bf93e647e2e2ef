import { Module } from '@nestjs/common';
import { TypeOrmPostalCodesPersistenceModule } from './adapters/typeorm/typeorm-postal-codes-persistence.module';

/** The postal-code directory (PLZVerzeichnis) used by AdrCheck and loaded by the import command. */
@Module({
  imports: [TypeOrmPostalCodesPersistenceModule],
  exports: [TypeOrmPostalCodesPersistenceModule],
})
export class PostalCodesModule {}
