import type { FastifyRequest } from 'fastify';
import { routeOption, setRouteOption } from '../http/route-config';
import type { ApiError } from './api-error';

/** The Fastify route config key of a route's own error body (`ApiExceptionFilter` reads it). */
const ROUTE_ERROR_BODY = 'erpErrorBody';

/** A route's own body for an error, or null where the error answers with the D2 body. */
type RouteErrorBody = (error: ApiError) => Record<string, unknown> | null;

/**
 * Gives a route its own error body (an endpoint whose contract documents one, as the e-invoice
 * route does); every other route and every error the function leaves (null) answer with D2.
 */
export function OwnErrorBody(body: RouteErrorBody): MethodDecorator {
  return (_target, _key, descriptor) => setRouteOption(descriptor.value, ROUTE_ERROR_BODY, body);
}

/** The body the request's route gives this error, or null (D2). */
export function routeErrorBody(request: FastifyRequest, error: ApiError): Record<string, unknown> | null {
  const own = routeOption(request, ROUTE_ERROR_BODY);
  return typeof own === 'function' ? (own as RouteErrorBody)(error) : null;
}
