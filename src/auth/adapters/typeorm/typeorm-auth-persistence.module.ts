import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiTokenEntity, ApiUserEntity, WebhookSubscriptionEntity } from '@app/erp-db';
import { ApiTokensRepository } from '../../ports/api-tokens.repository';
import { ApiUsersRepository } from '../../ports/api-users.repository';
import { TypeOrmApiTokensRepository } from './typeorm-api-tokens.repository';
import { TypeOrmApiUsersRepository } from './typeorm-api-users.repository';
import { UserWebhooks } from '../../ports/user-webhooks';
import { TypeOrmUserWebhooks } from './typeorm-user-webhooks';

@Module({
  imports: [TypeOrmModule.forFeature([ApiUserEntity, ApiTokenEntity, WebhookSubscriptionEntity])],
  providers: [
    { provide: ApiUsersRepository, useClass: TypeOrmApiUsersRepository },
    { provide: ApiTokensRepository, useClass: TypeOrmApiTokensRepository },
    { provide: UserWebhooks, useClass: TypeOrmUserWebhooks },
  ],
  exports: [ApiUsersRepository, ApiTokensRepository, UserWebhooks],
})
export class TypeOrmAuthPersistenceModule {}
