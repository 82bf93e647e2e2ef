import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AttributeEntity } from '@app/erp-db';
import { AppConfig } from '../../../common/config/app-config';
import { EventSwitch } from '../../ports/event-switch';

/** Events are on while the company record carries the configured attribute key. */
@Injectable()
export class TypeOrmEventSwitch extends EventSwitch {
  constructor(
    @InjectRepository(AttributeEntity) private readonly attributes: Repository<AttributeEntity>,
    private readonly config: AppConfig,
  ) {
    super();
  }

  async eventsEnabled(): Promise<boolean> {
    return this.attributes.exists({ where: { ObjTyp: 'FIRM', PHKey: this.config.attributeEvents } });
  }
}
