import { Module } from '@nestjs/common';
import { BatchWriterModule } from '../../../database/batch-writer.module';
import { ApiTokensRepository } from '../../ports/api-tokens.repository';
import { ApiUsersRepository } from '../../ports/api-users.repository';
import { TypeOrmApiTokensRepository } from './typeorm-api-tokens.repository';
import { TypeOrmApiUsersRepository } from './typeorm-api-users.repository';

@Module({
  imports: [BatchWriterModule],
  providers: [
    { provide: ApiUsersRepository, useClass: TypeOrmApiUsersRepository },
    { provide: ApiTokensRepository, useClass: TypeOrmApiTokensRepository },
  ],
  exports: [ApiUsersRepository, ApiTokensRepository],
})
export class TypeOrmAuthPersistenceModule {}
