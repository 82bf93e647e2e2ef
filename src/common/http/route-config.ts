import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import type { FastifyRequest } from 'fastify';

/**
 * Sets one entry of a handler's Fastify route config, keeping the others (Nest reads the config
 * from the handler only, and its own `@RouteConfig` replaces the whole object).
 */
export function setRouteOption(handler: unknown, key: string, value: unknown): void {
  if (typeof handler !== 'function') return;
  const config = (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) ?? {}) as object;
  Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...config, [key]: value }, handler);
}

/** One entry of the matched route's config (undefined before routing or when unset). */
export function routeOption(req: FastifyRequest, key: string): unknown {
  return (req.routeOptions?.config as unknown as Record<string, unknown> | undefined)?.[key];
}
