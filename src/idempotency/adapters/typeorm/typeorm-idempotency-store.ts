import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IdempotencyKeyEntity, readTimestamp } from '@app/erp-db';
import { DataSource } from 'typeorm';
import { asEntity, entityColumns, queryPreparedNamed } from '../../../database/sql-gateway';
import { isUniqueViolation, lessThan, Row, BatchWriter } from '../../../database/batch-writer';
import { IdempotencyRecord, IdempotencyStore } from '../../ports/idempotency-store';

/** Writes go through the BatchWriter so that, on SQLite, no other request's transaction absorbs them. */
@Injectable()
export class TypeOrmIdempotencyStore extends IdempotencyStore {
  private readonly findSql: string;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writes: BatchWriter,
  ) {
    super();
    this.findSql = `SELECT ${entityColumns(dataSource, IdempotencyKeyEntity, 'k')} FROM "rest_idempotency" k
WHERE k."user_name" = :userName AND k."idem_key" = :key`;
  }

  async claim(record: IdempotencyRecord): Promise<boolean> {
    const row: IdempotencyKeyEntity = {
      userName: record.userName,
      idemKey: record.key,
      method: record.method,
      path: record.path.slice(0, 255),
      requestHash: record.requestHash,
      statusCode: null,
      responseBody: null,
      responseHeaders: null,
      createdAt: record.createdAt,
    };
    try {
      await this.writes.write({
        steps: [{ kind: 'insert', target: IdempotencyKeyEntity, rows: [{ ...row }] }],
      });
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  async find(userName: string, key: string): Promise<IdempotencyRecord | null> {
    const [found] = await queryPreparedNamed<Record<string, unknown>>(this.dataSource, this.findSql, {
      userName,
      key,
    });
    if (!found) return null;
    const row = asEntity(this.dataSource, IdempotencyKeyEntity, found);
    return {
      userName: row.userName,
      key: row.idemKey,
      method: row.method,
      path: row.path,
      requestHash: row.requestHash,
      statusCode: row.statusCode === null ? null : Number(row.statusCode),
      responseBody: row.responseBody,
      responseHeaders: row.responseHeaders,
      createdAt: readTimestamp(row.createdAt) ?? new Date(0),
    };
  }

  async complete(
    userName: string,
    key: string,
    response: { statusCode: number; body: string; headers: string },
  ): Promise<void> {
    await this.writes.write({
      steps: [
        {
          kind: 'update',
          target: IdempotencyKeyEntity,
          set: {
            statusCode: response.statusCode,
            responseBody: response.body,
            responseHeaders: response.headers,
          },
          where: { userName, idemKey: key, statusCode: null },
        },
      ],
    });
  }

  async release(userName: string, key: string): Promise<void> {
    await this.delete({ userName, idemKey: key, statusCode: null });
  }

  async deleteExpired(userName: string, key: string, before: Date): Promise<void> {
    await this.delete({ userName, idemKey: key, createdAt: lessThan(before) });
  }

  purge(before: Date): Promise<number> {
    return this.delete({ createdAt: lessThan(before) });
  }

  /** Deletes the keys that match; returns how many. */
  private async delete(where: Row): Promise<number> {
    const { counts } = await this.writes.write({
      steps: [{ kind: 'delete', target: IdempotencyKeyEntity, where }],
    });
    return counts[0];
  }
}
