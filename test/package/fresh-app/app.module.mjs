/*
 * app.module.cjs as an ES module, for an application whose package.json says
 * "type": "module" (what `nest new` makes for Nest 12): @nestjs/* are ES
 * modules and @kobana/* CommonJS, both taken with `import`. Decorators applied
 * by hand, so nothing but Node and the packages beside it is needed.
 * server.mjs serves it; greet.spec.mjs tests it with @kobana/mcp/testing.
 *
 * Copied into a temporary folder by test/package/libs-install.e2e-spec.ts.
 */
import 'reflect-metadata';
import { timingSafeEqual } from 'node:crypto';
import { Injectable, Module } from '@nestjs/common';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { McpArgs, McpCaller, McpModule, McpTool } from '@kobana/mcp';

/** The arguments of the tool, as a class-validator DTO. */
class GreetDto {}
IsString()(GreetDto.prototype, 'name');
MinLength(1)(GreetDto.prototype, 'name');
MaxLength(40)(GreetDto.prototype, 'name');
IsOptional()(GreetDto.prototype, 'times');
IsInt()(GreetDto.prototype, 'times');
Min(1)(GreetDto.prototype, 'times');
Max(3)(GreetDto.prototype, 'times');

/** An ordinary service; the decorator is all that makes `greet` a tool. */
class GreetingService {
  greet(caller, args) {
    return { greeting: `Hello, ${args.name}`.repeat(args.times ?? 1), organization_id: caller.organization_id };
  }
}
McpCaller()(GreetingService.prototype, 'greet', 0);
McpArgs()(GreetingService.prototype, 'greet', 1);
McpTool({
  name: 'greet',
  title: 'Greet',
  description: 'Greets someone by name',
  input: GreetDto,
  scopes: ['demo:read'],
  annotations: { readOnlyHint: true },
})(GreetingService.prototype, 'greet', Object.getOwnPropertyDescriptor(GreetingService.prototype, 'greet'));
Injectable()(GreetingService);

/** One token, compared in constant time; a real host looks tokens up by their hash. */
class StaticTokenVerifier {
  constructor(token) {
    if (!token) throw new Error('DEMO_TOKEN is not set');
    this.expected = Buffer.from(token);
  }
  async verify(token) {
    const given = Buffer.from(token);
    if (given.length !== this.expected.length || !timingSafeEqual(given, this.expected)) return null;
    return { subject: 'user-1', organization_id: 'org-1', client_id: 'client-1', scopes: ['demo:read'], roles: ['member'] };
  }
}

export class AppModule {}
Module({
  imports: [McpModule.forRoot({ serverInfo: { name: 'fresh-app', version: '1.0.0' }, verifier: new StaticTokenVerifier(process.env.DEMO_TOKEN) })],
  providers: [GreetingService],
})(AppModule);
