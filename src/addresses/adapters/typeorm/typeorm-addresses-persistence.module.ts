import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AddressEntity, CustomerEntity } from '@app/erp-db';
import { BatchWriterModule } from '../../../database/batch-writer.module';
import { AddressesRepository } from '../../ports/addresses.repository';
import { TypeOrmAddressesRepository } from './typeorm-addresses.repository';

@Module({
  imports: [TypeOrmModule.forFeature([AddressEntity, CustomerEntity]), BatchWriterModule],
  providers: [{ provide: AddressesRepository, useClass: TypeOrmAddressesRepository }],
  exports: [AddressesRepository],
})
export class TypeOrmAddressesPersistenceModule {}
