import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiTokenEntity, readTimestamp } from '@app/erp-db';
import { BatchWriter, lessThan } from '../../../database/batch-writer';
import { queryPreparedNamed } from '../../../database/sql-gateway';
import { ApiTokensRepository, StoredToken } from '../../ports/api-tokens.repository';

/** An unrevoked token and its user, while the user is enabled. */
const VALID_TOKEN_SQL = `SELECT t."expires_at" AS "expiresAt", u."id" AS "id", u."name" AS "name",
  u."role" AS "role", u."webshop" AS "webshop", u."usage" AS "usage"
FROM "rest_token" t JOIN "rest_user" u ON u."id" = t."user_id"
WHERE t."token_hash" = :tokenHash AND t."revoked_at" IS NULL AND u."disabled" = 0`;

interface ValidTokenRow {
  expiresAt: unknown;
  id: number | string;
  name: string;
  role: StoredToken['user']['role'];
  webshop: string | null;
  usage: string | null;
}

@Injectable()
export class TypeOrmApiTokensRepository extends ApiTokensRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writes: BatchWriter,
  ) {
    super();
  }

  async save(tokenHash: string, userId: number, expiresAt: Date, createdAt: Date): Promise<void> {
    await this.writes.write({
      steps: [
        {
          kind: 'insert',
          target: ApiTokenEntity,
          rows: [{ tokenHash, userId, expiresAt, createdAt, revokedAt: null }],
        },
      ],
    });
  }

  async findValid(tokenHash: string, now: Date): Promise<StoredToken | null> {
    const [row] = await queryPreparedNamed<ValidTokenRow>(this.dataSource, VALID_TOKEN_SQL, { tokenHash });
    const expiresAt = readTimestamp(row?.expiresAt);
    if (!row || !expiresAt || expiresAt.getTime() <= now.getTime()) return null;
    return {
      user: { id: Number(row.id), name: row.name, role: row.role, webshop: row.webshop, usage: row.usage },
      expiresAt,
    };
  }

  async revokeAllOf(userId: number, now: Date): Promise<number> {
    const { counts } = await this.writes.write({
      steps: [
        {
          kind: 'update',
          target: ApiTokenEntity,
          set: { revokedAt: now },
          where: { userId, revokedAt: null },
        },
      ],
    });
    return counts[0];
  }

  async deleteExpiredBefore(time: Date): Promise<void> {
    await this.writes.write({
      steps: [{ kind: 'delete', target: ApiTokenEntity, where: { expiresAt: lessThan(time) } }],
    });
  }
}
