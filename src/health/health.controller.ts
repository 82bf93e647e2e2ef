import { Controller, Get, HttpCode } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { ApiError } from '../common/errors/api-error';

/** For the reverse proxy and orchestrators; no authentication. */
@ApiTags('health')
@Controller()
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  @Get('health')
  @HttpCode(200)
  @ApiOperation({ summary: 'Liveness and database reachability' })
  @ApiOkResponse({ schema: { example: { status: 'ok', database: 'up' } } })
  @ApiServiceUnavailableResponse({ description: 'The database cannot be reached.' })
  async check(): Promise<{ status: string; database: string }> {
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      throw new ApiError(503, 'service_unavailable', 'The database cannot be reached.', { database: 'down' });
    }
    return { status: 'ok', database: 'up' };
  }

  @Get('ready')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Readiness: the database answers and its schema has every migration of this version',
  })
  @ApiOkResponse({ schema: { example: { status: 'ready', database: 'up', migrations: 'current' } } })
  @ApiServiceUnavailableResponse({
    description: 'Not ready: the database cannot be reached or migrations are pending (info says which).',
  })
  async ready(): Promise<{ status: string; database: string; migrations: string }> {
    let pending: boolean;
    try {
      await this.dataSource.query('SELECT 1');
      pending = await this.dataSource.showMigrations();
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
    return { status: 'ready', database: 'up', migrations: 'current' };
  }
}
