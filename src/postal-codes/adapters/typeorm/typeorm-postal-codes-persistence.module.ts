import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PostalCodeEntity } from '@app/erp-db';
import { PostalDirectory } from '../../ports/postal-directory';
import { TypeOrmPostalDirectory } from './typeorm-postal-directory';

@Module({
  imports: [TypeOrmModule.forFeature([PostalCodeEntity])],
  providers: [{ provide: PostalDirectory, useClass: TypeOrmPostalDirectory }],
  exports: [PostalDirectory],
})
export class TypeOrmPostalCodesPersistenceModule {}
