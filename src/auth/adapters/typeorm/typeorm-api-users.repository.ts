import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiTokenEntity, ApiUserEntity, WebhookSubscriptionEntity } from '@app/erp-db';
import { BatchStep, BatchWriter } from '../../../database/batch-writer';
import { asEntity, entityColumns, queryNamed } from '../../../database/sql-gateway';
import { AccessEnd, ApiUsersRepository, NewApiUser, StoredApiUser } from '../../ports/api-users.repository';

function toStored(e: Omit<ApiUserEntity, 'createdAt' | 'updatedAt'>): StoredApiUser {
  return {
    id: e.id,
    name: e.name,
    role: e.role,
    webshop: e.webshop,
    usage: e.usage,
    passwordHash: e.passwordHash,
    disabled: e.disabled !== 0,
  };
}

@Injectable()
export class TypeOrmApiUsersRepository extends ApiUsersRepository {
  private readonly select: string;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writes: BatchWriter,
  ) {
    super();
    this.select = `SELECT ${entityColumns(dataSource, ApiUserEntity, 'u')} FROM "rest_user" u`;
  }

  async findByName(name: string): Promise<StoredApiUser | null> {
    return (await this.read(`${this.select} WHERE u."name" = :name`, { name }))[0] ?? null;
  }

  async findById(id: number): Promise<StoredApiUser | null> {
    return (await this.read(`${this.select} WHERE u."id" = :id`, { id }))[0] ?? null;
  }

  list(): Promise<StoredApiUser[]> {
    return this.read(`${this.select} ORDER BY u."name"`, {});
  }

  async create(user: NewApiUser): Promise<StoredApiUser> {
    const now = new Date();
    const row = { ...user, disabled: 0, createdAt: now, updatedAt: now };
    const { keys } = await this.writes.write({
      steps: [{ kind: 'insert', target: ApiUserEntity, rows: [row], name: 'user' }],
    });
    return toStored({ ...row, id: keys.user });
  }

  private async read(sql: string, params: Record<string, unknown>): Promise<StoredApiUser[]> {
    const rows = await queryNamed<Record<string, unknown>>(this.dataSource, sql, params);
    return rows.map((r) => toStored(asEntity(this.dataSource, ApiUserEntity, r)));
  }

  async setDisabled(name: string, disabled: boolean, end: AccessEnd | null): Promise<boolean> {
    return (await this.changeUser(name, { disabled: disabled ? 1 : 0 }, end)) !== null;
  }

  setPasswordHash(name: string, passwordHash: string, end: AccessEnd): Promise<number | null> {
    return this.changeUser(name, { passwordHash }, end);
  }

  async endAccess(end: AccessEnd): Promise<number> {
    return (await this.writes.write({ steps: endSteps(end), doNotPrepare: true })).counts[0];
  }

  /** Changes the user and ends its access in one batch; the tokens revoked, null without the user. */
  private async changeUser(
    name: string,
    set: Partial<ApiUserEntity>,
    end: AccessEnd | null,
  ): Promise<number | null> {
    const user: BatchStep = {
      kind: 'update',
      target: ApiUserEntity,
      set: { ...set, updatedAt: new Date() },
      where: { name },
      expectRows: 1,
      otherwise: () => new UserMissing(),
    };
    try {
      const { counts } = await this.writes.write({
        steps: [user, ...(end ? endSteps(end) : [])],
        doNotPrepare: true,
      });
      return counts[1] ?? 0;
    } catch (err) {
      if (err instanceof UserMissing) return null;
      throw err;
    }
  }
}

/** Revokes the user's tokens (first, so its count comes first) and disables its webhooks. */
function endSteps(end: AccessEnd): BatchStep[] {
  return [
    {
      kind: 'update',
      target: ApiTokenEntity,
      set: { revokedAt: end.at },
      where: { userId: end.userId, revokedAt: null },
    },
    {
      kind: 'update',
      target: WebhookSubscriptionEntity,
      set: { enabled: 0, disabledReason: end.webhookReason },
      where: { userId: end.userId, enabled: 1 },
    },
  ];
}

/** The user to change does not exist (the batch rolled back). */
class UserMissing extends Error {}
