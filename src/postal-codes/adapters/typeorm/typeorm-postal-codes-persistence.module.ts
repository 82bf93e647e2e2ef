import { Module } from '@nestjs/common';
import { PostalDirectory } from '../../ports/postal-directory';
import { TypeOrmPostalDirectory } from './typeorm-postal-directory';

@Module({
  providers: [{ provide: PostalDirectory, useClass: TypeOrmPostalDirectory }],
  exports: [PostalDirectory],
})
export class TypeOrmPostalCodesPersistenceModule {}
