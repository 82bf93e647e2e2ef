import { applyDecorators } from '@nestjs/common';
import { ApiBody } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { routeOption, setRouteOption } from './route-config';

/** The Fastify route config key of a route that reads no body (http-setup.ts drops it unchecked). */
const IGNORED_BODY = 'erpIgnoredBody';

/**
 * A route whose JSON body, if one is sent, is read within the body limits and must be JSON, then
 * dropped: no value of it reaches the handler, so the checks of values a route keeps (U+0000,
 * prototype keys) do not apply, and the document allows any JSON value.
 */
export function IgnoredJsonBody(description: string): MethodDecorator {
  return applyDecorators(
    (_target: object, _key: string | symbol, descriptor: PropertyDescriptor) =>
      setRouteOption(descriptor.value, IGNORED_BODY, true),
    ApiBody({ required: false, description, schema: {} }),
  );
}

export function ignoresBody(req: FastifyRequest): boolean {
  return routeOption(req, IGNORED_BODY) === true;
}
