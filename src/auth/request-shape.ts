import { Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';

/** What passport (and Nest's AuthGuard) set on every authenticated request. */
const PASSPORT_REQUEST_FIELDS = [
  'user',
  'authInfo',
  'login',
  'logIn',
  'logout',
  'logOut',
  'isAuthenticated',
  'isUnauthenticated',
  '_sessionManager',
] as const;

/**
 * Declares passport's request fields on Fastify's request object up front, so that passport
 * adding them to a request does not change the object's shape (V8 then keeps the fast property
 * access Fastify's request objects are built for). `user` starts as null for every request.
 */
@Injectable()
export class PassportRequestShape implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance() as FastifyInstance | undefined;
    if (!fastify?.decorateRequest) return;
    for (const field of PASSPORT_REQUEST_FIELDS)
      if (!fastify.hasRequestDecorator(field)) fastify.decorateRequest(field, null);
  }
}
