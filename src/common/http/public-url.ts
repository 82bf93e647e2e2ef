import type { FastifyRequest } from 'fastify';
import { AppConfig } from '../config/app-config';
import { TrustFunction, trustFunction } from './proxy-trust';

function firstHeader(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s?.split(',')[0].trim() || undefined;
}

const trustCache = new WeakMap<AppConfig, TrustFunction>();

/**
 * Base of absolute links: the configured public URL, else the X-Forwarded-* headers when the
 * request came through a trusted proxy (TRUST_PROXY), else the request's own scheme and host.
 */
export function publicBaseUrl(req: FastifyRequest, config: AppConfig): string {
  return trustedBaseUrl(req, config) ?? `${req.protocol}://${req.headers.host ?? 'localhost'}`;
}

/**
 * The public URL from what the operator configured or a trusted proxy says; null when only the
 * client's own Host header could tell (anything a client sends there would be believed).
 */
export function trustedBaseUrl(req: FastifyRequest, config: AppConfig): string | null {
  if (config.publicBaseUrl) return config.publicBaseUrl;
  let trust = trustCache.get(config);
  if (!trust) trustCache.set(config, (trust = trustFunction(config.trustProxy)));
  if (!trust(req.raw.socket?.remoteAddress ?? '', 0)) return null;
  const proto = firstHeader(req, 'x-forwarded-proto') ?? req.protocol;
  const host = firstHeader(req, 'x-forwarded-host') ?? req.headers.host ?? 'localhost';
  const prefix = (firstHeader(req, 'x-forwarded-prefix') ?? '').replace(/\/+$/, '');
  return `${proto}://${host}${prefix}`;
}

export interface Link {
  href: string;
  type: string;
  rel: string;
}

/** A link object as the spec defines it: {href, type (HTTP method), rel}. */
export function link(base: string, path: string, rel: string, method = 'GET'): Link {
  return { href: `${base}${path}`, type: method, rel };
}
