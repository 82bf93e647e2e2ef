import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SchemaState } from '../../ports/schema-state';

/** The schema state as TypeORM's migration table records it, after a round trip that proves the database answers. */
@Injectable()
export class TypeOrmSchemaState extends SchemaState {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async migrations(): Promise<'current' | 'pending'> {
    await this.dataSource.query('SELECT 1');
    return (await this.dataSource.showMigrations()) ? 'pending' : 'current';
  }
}
