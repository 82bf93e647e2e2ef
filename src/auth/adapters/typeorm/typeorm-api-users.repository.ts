import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ApiUserEntity } from '@app/erp-db';
import { ApiUsersRepository, NewApiUser, StoredApiUser } from '../../ports/api-users.repository';

function toStored(e: ApiUserEntity): StoredApiUser {
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
  constructor(@InjectRepository(ApiUserEntity) private readonly users: Repository<ApiUserEntity>) {
    super();
  }

  async findByName(name: string): Promise<StoredApiUser | null> {
    const e = await this.users.findOneBy({ name });
    return e ? toStored(e) : null;
  }

  async findById(id: number): Promise<StoredApiUser | null> {
    const e = await this.users.findOneBy({ id });
    return e ? toStored(e) : null;
  }

  async list(): Promise<StoredApiUser[]> {
    return (await this.users.find({ order: { name: 'ASC' } })).map(toStored);
  }

  async create(user: NewApiUser): Promise<StoredApiUser> {
    const now = new Date();
    const row = this.users.create({ ...user, disabled: 0, createdAt: now, updatedAt: now });
    // insert, not save: save opens a transaction, and on SQLite none may be awaited on TypeORM's
    // one connection (see SqliteConnection). insert sets the generated id on `row`.
    await this.users.insert(row);
    return toStored(row);
  }

  async setDisabled(name: string, disabled: boolean): Promise<boolean> {
    const r = await this.users.update({ name }, { disabled: disabled ? 1 : 0, updatedAt: new Date() });
    return (r.affected ?? 0) > 0;
  }

  async setPasswordHash(name: string, passwordHash: string): Promise<boolean> {
    const r = await this.users.update({ name }, { passwordHash, updatedAt: new Date() });
    return (r.affected ?? 0) > 0;
  }
}
