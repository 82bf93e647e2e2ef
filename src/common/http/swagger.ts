import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppConfig } from '../config/app-config';
import { completeDocument } from './openapi-completion';
import { documentValidationRules } from './openapi-constraints';
import { trustedBaseUrl } from './public-url';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The package version, found by walking up from this file (src/ in development, dist/src/ when built). */
function packageVersion(): string {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  }
  return '0.0.0';
}

/**
 * Swagger UI at /docs and the OpenAPI document at /docs-json, with Basic and Bearer schemes. The
 * document's `servers` is PUBLIC_BASE_URL or what a trusted proxy says (scheme, host with port,
 * prefix), so that "Try it out" goes through the proxy; otherwise `/`, the page's own origin,
 * never the request's Host header, which would let a forged Host send credentials elsewhere.
 * Answers that embed it are not stored by caches.
 */
export function setupSwagger(app: INestApplication, settings: AppConfig): void {
  const config = new DocumentBuilder()
    .setTitle('ERP business-data REST service')
    .setDescription(
      'Articles with prices and stock, customers, addresses, orders and offers, article media, ' +
        'e-invoice PDFs, tokens and logs. Get a token with POST /www/token (Basic), then use it as Bearer.',
    )
    .setVersion(packageVersion())
    .addBasicAuth({ type: 'http', scheme: 'basic' }, 'basic')
    .addBearerAuth({ type: 'http', scheme: 'bearer' }, 'bearer')
    .build();
  documentValidationRules();
  const document = completeDocument(SwaggerModule.createDocument(app, config));
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'docs-json',
    patchDocumentOnRequest: (req: unknown, res: unknown, doc: OpenAPIObject) => {
      void (res as FastifyReply).header('Cache-Control', 'no-store');
      return { ...doc, servers: [{ url: trustedBaseUrl(req as FastifyRequest, settings) ?? '/' }] };
    },
  });
}
