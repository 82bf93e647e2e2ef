import { Controller, Get, HttpCode } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { ApiError } from '../common/errors/api-error';

/** For the reverse proxy and orchestrators; no authentication. */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  @Get()
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
}
