import { Controller, Get, HttpCode } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { AppConfig } from '../common/config/app-config';
import { ApiError } from '../common/errors/api-error';
import { Outbox } from '../events/ports/outbox';
import { SchemaState } from './ports/schema-state';
import { ServiceLifecycle } from './service-lifecycle';

/** For the reverse proxy and orchestrators; no authentication. */
@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    private readonly schema: SchemaState,
    private readonly events: Outbox,
    private readonly config: AppConfig,
    private readonly lifecycle: ServiceLifecycle,
  ) {}

  @Get('health')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Liveness: the process answers, whatever the database does (readiness is /ready)',
  })
  @ApiOkResponse({ schema: { example: { status: 'ok' } } })
  check(): { status: string } {
    return { status: 'ok' };
  }

  @Get('ready')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Readiness: the database answers, its schema has every migration of this version, and the event relay keeps up',
    description:
      "eventBacklog counts the events and deliveries that wait for the relay's first attempt (not " +
      'retries of a failing receiver); above READY_MAX_EVENT_BACKLOG the service is not ready.',
  })
  @ApiOkResponse({
    schema: { example: { status: 'ready', database: 'up', migrations: 'current', eventBacklog: 0 } },
  })
  @ApiServiceUnavailableResponse({
    description:
      'Not ready: shutting down, the database cannot be reached, migrations are pending, or the event backlog is above its bound (info says which).',
  })
  async ready(): Promise<{ status: string; database: string; migrations: string; eventBacklog: number }> {
    if (this.lifecycle.shuttingDown)
      throw new ApiError(503, 'service_unavailable', 'The service is shutting down.', { shuttingDown: true });
    let pending: boolean;
    let backlog = 0;
    try {
      pending = (await this.schema.migrations()) === 'pending';
      if (!pending) backlog = (await this.events.backlog(new Date())).waiting;
    } catch {
      throw new ApiError(503, 'service_unavailable', 'The database cannot be reached.', {
        database: 'down',
        migrations: 'unknown',
      });
    }
    if (pending)
      throw new ApiError(
        503,
        'service_unavailable',
        'The database schema lacks migrations of this version.',
        {
          database: 'up',
          migrations: 'pending',
        },
      );
    if (backlog > this.config.readyMaxEventBacklog)
      throw new ApiError(
        503,
        'service_unavailable',
        `${backlog} events wait for delivery (more than READY_MAX_EVENT_BACKLOG=${this.config.readyMaxEventBacklog}).`,
        { database: 'up', migrations: 'current', eventBacklog: backlog },
      );
    return { status: 'ready', database: 'up', migrations: 'current', eventBacklog: backlog };
  }
}
