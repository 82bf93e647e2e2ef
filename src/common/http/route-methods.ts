import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, ERROR_CODES } from '../errors/api-error';

/** A route's path pattern as a regular expression: `:name` stands for one path segment. */
function patternOf(url: string): RegExp {
  const segments = url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}$`);
}

/**
 * The methods each registered path answers, so that a request for a path that exists with a method
 * it does not have gets 405 and `Allow` (RFC 9110) instead of the 404 of a path that does not exist.
 */
class RouteMethods {
  private readonly routes = new Map<string, { pattern: RegExp; methods: Set<string> }>();

  add(url: string, methods: string[]): void {
    const route = this.routes.get(url) ?? { pattern: patternOf(url), methods: new Set<string>() };
    methods.forEach((method) => route.methods.add(method.toUpperCase()));
    this.routes.set(url, route);
  }

  /**
   * The methods some route answers for this path (no query), sorted; empty when no route has it. A
   * path that is itself a route without parameters (`/www/auftrag/kalkulation`) answers only that
   * route's methods: a parameter of another route (`/www/auftrag/:AuftNr`) does not claim it.
   */
  allowedFor(path: string): string[] {
    const exact = this.staticMethods(path);
    if (exact !== undefined) return [...exact].sort();
    const allowed = new Set<string>();
    for (const { pattern, methods } of this.routes.values()) {
      if (pattern.test(path)) methods.forEach((method) => allowed.add(method));
    }
    return [...allowed].sort();
  }

  /** The methods of the route without parameters whose path this is, if there is one. */
  staticMethods(path: string): ReadonlySet<string> | undefined {
    return path.includes(':') ? undefined : this.routes.get(path)?.methods;
  }
}

/** Collects every route as it is registered and answers 405 for a known path with another method. */
export function answerMethodNotAllowed(fastify: FastifyInstance): void {
  const routes = new RouteMethods();
  fastify.addHook('onRoute', (route) => routes.add(route.url, [route.method].flat()));
  fastify.addHook('onRequest', async (req: FastifyRequest) => {
    const matched = req.routeOptions.url;
    // Fastify routes GET /www/auftrag/kalkulation to GET /www/auftrag/:AuftNr; that path is POST's.
    if (matched !== undefined && !matched.includes(':')) return;
    const path = req.url.split('?')[0];
    if (matched !== undefined && routes.staticMethods(path) === undefined) return;
    const allowed = routes.allowedFor(path);
    if (allowed.length === 0) return;
    throw new ApiError(
      405,
      ERROR_CODES[405],
      `${req.method} is not allowed on this path; it answers ${allowed.join(', ')}.`,
      { allowed },
      { Allow: allowed.join(', ') },
    );
  });
}
