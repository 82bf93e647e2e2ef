import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../common/config/app-config';
import { queryNamed } from '../../../database/sql-gateway';
import { EventSwitch } from '../../ports/event-switch';

const EVENTS_ON_SQL = `SELECT CASE WHEN EXISTS (SELECT 1 FROM "Attribut" f
  WHERE f."ObjTyp" = 'FIRM' AND f."PHKey" = :eventsKey) THEN 1 ELSE 0 END AS "on"`;

/** Events are on while the company record carries the configured attribute key. */
@Injectable()
export class TypeOrmEventSwitch extends EventSwitch {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {
    super();
  }

  async eventsEnabled(): Promise<boolean> {
    const [row] = await queryNamed<{ on: unknown }>(this.dataSource, EVENTS_ON_SQL, {
      eventsKey: this.config.attributeEvents,
    });
    return Number(row?.on) === 1;
  }
}
