/*
 * The HTTP adapter the fresh application runs on: Nest's default (Express)
 * unless FRESH_APP_ADAPTER=fastify. @nestjs/platform-fastify is required only
 * then, since only the Fastify application has it installed.
 *
 * Copied into a temporary folder by test/package/libs-install.e2e-spec.ts.
 */
'use strict';

/** A new FastifyAdapter, or undefined for Nest's default Express adapter. */
function httpAdapter() {
  if (process.env.FRESH_APP_ADAPTER !== 'fastify') return undefined;
  const { FastifyAdapter } = require('@nestjs/platform-fastify');
  return new FastifyAdapter();
}

module.exports = { httpAdapter };
