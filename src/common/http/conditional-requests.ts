import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';
import { ApiError } from '../errors/api-error';
import { routeOption, setRouteOption } from './route-config';

/** Set in the Fastify route config of a read whose 200 carries an ETag (see `conditionalRead`). */
const ENTITY_TAG_ROUTE = 'erpEntityTag';

/**
 * The strong entity tag of a representation: a hash of its JSON text (as the route sends it,
 * before the charset encoding), the response charset (the bytes on the wire differ by it) and
 * `version`, the row's change stamp where the route has one, so that a write that leaves the
 * representation as it was still moves the tag (two writes with one If-Match: one wins).
 */
export function entityTag(representation: string | Buffer, charset: string, version = ''): string {
  const digest = createHash('sha256')
    .update(`${version}\u0000${charset}\u0000`)
    .update(representation)
    .digest('base64url');
  return `"${digest.slice(0, 32)}"`;
}

/** The members of an If-Match / If-None-Match list (`W/` kept), or `*`; null when unparsable. */
function listedTags(header: string): string[] | '*' | null {
  if (header.trim() === '*') return '*';
  const tags: string[] = [];
  const member = /\s*((?:W\/)?"[\x21\x23-\x7e\x80-\xff]*")\s*(?:,|$)/gy;
  let match: RegExpExecArray | null;
  while (member.lastIndex < header.length && (match = member.exec(header)) !== null) tags.push(match[1]);
  return member.lastIndex === header.length || tags.length > 0 ? tags : null;
}

/** If-None-Match (RFC 9110 13.1.2): weak comparison; `*` matches any current representation. */
export function noneMatchFails(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const tags = listedTags(header);
  if (tags === '*') return true;
  return (tags ?? []).some((t) => (t.startsWith('W/') ? t.slice(2) : t) === etag.replace(/^W\//, ''));
}

/** If-Match (RFC 9110 13.1.1): strong comparison, so a weak tag never matches; `*` any representation. */
export function matchHolds(header: string | undefined, etag: string): boolean {
  if (header === undefined) return true;
  const tags = listedTags(header);
  if (tags === '*') return true;
  return (tags ?? []).includes(etag);
}

export function preconditionFailed(): ApiError {
  return new ApiError(
    412,
    'precondition_failed',
    'The resource has changed since the ETag in If-Match was read (or If-None-Match matched); read it again.',
  );
}

/**
 * The check of a conditional write (If-Match, If-None-Match; undefined when the request has
 * neither): the ETag of the resource's current state, computed as its GET computes it from
 * `representation` (the GET's answer) and the row's change stamp, against the request's
 * preconditions; 412 when they fail. Without If-Match while REQUIRE_IF_MATCH is on: 428.
 */
export function writePrecondition<T>(
  req: FastifyRequest,
  settings: { responseCharset: string; requireIfMatch: boolean },
  representation: (current: T) => unknown,
  changedAt: (current: T) => Date,
): ((current: T) => void) | undefined {
  const ifMatch = header(req.headers['if-match']);
  const ifNoneMatch = header(req.headers['if-none-match']);
  if (ifMatch === undefined && settings.requireIfMatch)
    throw new ApiError(
      428,
      'precondition_required',
      'This write needs If-Match with the ETag of the resource as last read (GET it first).',
    );
  if (ifMatch === undefined && ifNoneMatch === undefined) return undefined;
  return (current: T) => {
    const json = JSON.stringify(representation(current));
    const etag = entityTag(json, settings.responseCharset, representationVersion(changedAt(current)));
    if (!matchHolds(ifMatch, etag) || noneMatchFails(ifNoneMatch, etag)) throw preconditionFailed();
  };
}

const header = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value.join(', ') : value;

/** Per request: the change stamp of the row behind the representation (see `setRepresentationVersion`). */
const versions = new WeakMap<FastifyRequest, string>();

/** The version part of an entity tag from a row's change stamp. */
export const representationVersion = (changedAt: Date): string => String(changedAt.getTime());

/** The controller names the version of the representation it answers, before it returns it. */
export function setRepresentationVersion(req: FastifyRequest, version: string): void {
  versions.set(req, version);
}

/**
 * onSend of a route marked by `@EntityTagged()`: a 200 gets its ETag; then If-Match that does not
 * hold is a 412, If-None-Match that matches a 304 without body (GET and HEAD, RFC 9110 13.2.2).
 * Returns the payload to send (for a 304 of HEAD the representation, whose length it names).
 */
export function conditionalRead(
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  charset: string,
): unknown {
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
  if (routeOption(req, ENTITY_TAG_ROUTE) !== true) return payload;
  const etag = entityTag(payload, charset, versions.get(req));
  reply.header('ETag', etag);
  if (!matchHolds(header(req.headers['if-match']), etag)) {
    const error = preconditionFailed();
    reply.code(412);
    return JSON.stringify({ error: error.code, error_description: error.description });
  }
  if (!noneMatchFails(header(req.headers['if-none-match']), etag)) return payload;
  reply.code(304);
  reply.removeHeader('Content-Type');
  // HEAD: Fastify's own HEAD handler drops the body after taking its length, which a 304 may
  // name (RFC 9110 8.6); GET: no body and no length.
  return req.method === 'HEAD' ? payload : null;
}

const IF_NONE_MATCH_HELP =
  'Entity tags (or `*`) of representations the client holds: when one matches the current ETag (weak comparison), 304 without body.';
const IF_MATCH_HELP = 'Entity tags (or `*`): when none matches the current ETag (strong comparison), 412.';

/**
 * A read whose 200 carries a strong ETag and which answers If-None-Match with 304 and a failing
 * If-Match with 412; the ETag response header itself is documented by openapi-completion.ts.
 */
export function EntityTagged(): MethodDecorator {
  return applyDecorators(
    (_target: object, _key: string | symbol, descriptor: PropertyDescriptor) =>
      setRouteOption(descriptor.value, ENTITY_TAG_ROUTE, true),
    ApiHeader({ name: 'If-None-Match', required: false, description: IF_NONE_MATCH_HELP }),
    ApiHeader({ name: 'If-Match', required: false, description: IF_MATCH_HELP }),
    ApiResponse({ status: 304, description: 'Not modified: If-None-Match named the current ETag; no body.' }),
    ApiResponse({ status: 412, description: 'If-Match names no current ETag of the resource.' }),
  );
}

/** A write checked against the ETag of the resource's GET (If-Match, If-None-Match; 412, 428). */
export function ConditionalWrite(): MethodDecorator {
  return applyDecorators(
    ApiHeader({
      name: 'If-Match',
      required: false,
      description:
        'The ETag of the last GET of the resource: the write happens only while it is current (else 412, nothing written). ' +
        'Required when the service runs with REQUIRE_IF_MATCH=true (else 428).',
    }),
    ApiHeader({
      name: 'If-None-Match',
      required: false,
      description: '`*` or entity tags: when one matches the current ETag, 412 and nothing is written.',
    }),
    ApiResponse({
      status: 412,
      description:
        'If-Match names no current ETag (the resource changed meanwhile), or If-None-Match matched.',
    }),
    ApiResponse({ status: 428, description: 'REQUIRE_IF_MATCH is on and the request has no If-Match.' }),
  );
}
