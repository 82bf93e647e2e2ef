import { Controller, Get, Header, Req } from '@nestjs/common';
import {
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { FastifyRequest } from 'fastify';
import { AppConfig } from '../common/config/app-config';
import { ApiError } from '../common/errors/api-error';
import { ServiceMetrics } from './service-metrics';

/**
 * Prometheus scrape endpoint. With METRICS_TOKEN set it wants `Authorization: Bearer <token>`;
 * without, it answers only clients connected directly over loopback, and never while TRUST_PROXY
 * is set (a proxy or tunnel on the same host may forward without the X-Forwarded-For or Forwarded
 * headers that are refused otherwise).
 */
@ApiTags('health')
@Controller()
export class MetricsController {
  constructor(
    private readonly metrics: ServiceMetrics,
    private readonly config: AppConfig,
  ) {}

  @Get('metrics')
  @Header('Cache-Control', 'no-store')
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  @ApiOperation({
    summary: 'Prometheus metrics (METRICS_TOKEN as bearer token, or from loopback without a proxy)',
  })
  @ApiOkResponse({
    description: 'Prometheus text format 0.0.4.',
    content: { 'text/plain': { schema: { type: 'string' } } },
  })
  @ApiUnauthorizedResponse({ description: 'METRICS_TOKEN is set and was not given as bearer token.' })
  @ApiForbiddenResponse({
    description: 'No METRICS_TOKEN is set and TRUST_PROXY is set, or the request did not come from loopback.',
  })
  async scrape(@Req() req: FastifyRequest): Promise<string> {
    this.authorize(req);
    return this.metrics.registry.metrics();
  }

  private authorize(req: FastifyRequest): void {
    const token = this.config.metricsToken;
    if (token !== undefined) {
      const given = /^Bearer (.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1] ?? '';
      const a = Buffer.from(given);
      const b = Buffer.from(token);
      if (a.length === b.length && timingSafeEqual(a, b)) return;
      // D2's code for 401; the RFC 6750 detail goes into WWW-Authenticate, as on every other route.
      throw new ApiError(
        401,
        'unauthorized',
        'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>.',
        undefined,
        { 'WWW-Authenticate': given ? 'Bearer error="invalid_token"' : 'Bearer realm="erp"' },
      );
    }
    if (this.config.trustProxy !== false)
      throw ApiError.forbidden('GET /metrics needs METRICS_TOKEN while TRUST_PROXY is set.');
    const address = req.socket.remoteAddress ?? '';
    const loopback = address === '::1' || (isIP(address) !== 0 && /^(::ffff:)?127\./.test(address));
    const proxied = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
    if (loopback && !proxied) return;
    throw ApiError.forbidden('GET /metrics is served to loopback clients only unless METRICS_TOKEN is set.');
  }
}
