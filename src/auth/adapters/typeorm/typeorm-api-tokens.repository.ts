import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThan, Repository } from 'typeorm';
import { ApiTokenEntity, ApiUserEntity } from '@app/erp-db';
import { ApiTokensRepository, StoredToken } from '../../ports/api-tokens.repository';

@Injectable()
export class TypeOrmApiTokensRepository extends ApiTokensRepository {
  constructor(
    @InjectRepository(ApiTokenEntity) private readonly tokens: Repository<ApiTokenEntity>,
    @InjectRepository(ApiUserEntity) private readonly users: Repository<ApiUserEntity>,
  ) {
    super();
  }

  async save(tokenHash: string, userId: number, expiresAt: Date, createdAt: Date): Promise<void> {
    await this.tokens.insert({ tokenHash, userId, expiresAt, createdAt, revokedAt: null });
  }

  async findValid(tokenHash: string, now: Date): Promise<StoredToken | null> {
    const token = await this.tokens.findOneBy({ tokenHash, revokedAt: IsNull() });
    if (!token || token.expiresAt.getTime() <= now.getTime()) return null;
    const user = await this.users.findOneBy({ id: token.userId, disabled: 0 });
    if (!user) return null;
    return {
      user: { id: user.id, name: user.name, role: user.role, webshop: user.webshop, usage: user.usage },
      expiresAt: token.expiresAt,
    };
  }

  async revokeAllOf(userId: number, now: Date): Promise<number> {
    const r = await this.tokens.update({ userId, revokedAt: IsNull() }, { revokedAt: now });
    return r.affected ?? 0;
  }

  async deleteExpiredBefore(time: Date): Promise<void> {
    await this.tokens.delete({ expiresAt: LessThan(time) });
  }
}
