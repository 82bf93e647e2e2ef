import { Module } from '@nestjs/common';
import { BatchWriterModule } from '../../../database/batch-writer.module';
import { AddressesRepository } from '../../ports/addresses.repository';
import { TypeOrmAddressesRepository } from './typeorm-addresses.repository';

@Module({
  imports: [BatchWriterModule],
  providers: [{ provide: AddressesRepository, useClass: TypeOrmAddressesRepository }],
  exports: [AddressesRepository],
})
export class TypeOrmAddressesPersistenceModule {}
