/**
 * The floor: the echo's service method behind a plain Nest route, with a
 * global ValidationPipe with the options the module is given, and a bearer
 * check with the same verifier. Two postures of that check:
 * - `passport` (default): `@nestjs/passport`'s `AuthGuard` over
 *   passport-http-bearer, the way this stack's API routes authenticate (Kadu's
 *   `/api/v1` does); the module runs the same strategy, without passport's
 *   middleware;
 * - `plain` (`BENCH_REST_AUTH=plain`): a hand-written guard, one regex and a
 *   map lookup, to show what passport itself costs.
 * On Express, or on Fastify with `BENCH_HTTP_ADAPTER=fastify`: the floor the
 * module's Fastify rows are held to.
 */
import 'reflect-metadata';
import {
  Body,
  CanActivate,
  Controller,
  ExecutionContext,
  HttpCode,
  Injectable,
  Module,
  Post,
  Req,
  Type,
  UnauthorizedException,
  UseGuards,
  ValidationPipe,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { AuthGuard, PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import type { Request } from 'express';
import type { McpCaller } from '@kobana/mcp';
import { BenchVerifier } from './bench.verifier';
import { EchoDto, EchoService, EchoView } from './echo.tool';
import { BENCH_VALIDATION } from './bench.validation';
import { failStart, listenAndReport } from './server.ipc';

type AuthenticatedRequest = Request & { user?: McpCaller };

@Injectable()
class BenchBearerStrategy extends PassportStrategy(Strategy, 'bench-bearer') {
  constructor(private readonly verifier: BenchVerifier) {
    super();
  }

  async validate(token: string): Promise<McpCaller | false> {
    return (await this.verifier.verify(token)) ?? false;
  }
}

@Injectable()
class PlainBearerGuard implements CanActivate {
  constructor(private readonly verifier: BenchVerifier) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    const caller = match ? await this.verifier.verify(match[1]) : null;
    if (!caller) throw new UnauthorizedException();
    request.user = caller;
    return true;
  }
}

const PassportBearerGuard = AuthGuard('bench-bearer');
const guard: Type<CanActivate> = process.env.BENCH_REST_AUTH === 'plain' ? PlainBearerGuard : PassportBearerGuard;

@Controller('echo')
class EchoController {
  constructor(private readonly echo: EchoService) {}

  @Post()
  @HttpCode(200)
  @UseGuards(guard)
  handle(@Req() request: AuthenticatedRequest, @Body() body: EchoDto): EchoView {
    return this.echo.echo(request.user!, body);
  }
}

@Module({ controllers: [EchoController], providers: [EchoService, BenchVerifier, BenchBearerStrategy, PlainBearerGuard] })
class RestEchoModule {}

async function main(): Promise<void> {
  const fastify = process.env.BENCH_HTTP_ADAPTER === 'fastify';
  const app = fastify
    ? await NestFactory.create(RestEchoModule, new FastifyAdapter(), { logger: ['error'] })
    : await NestFactory.create(RestEchoModule, { logger: ['error'] });
  app.useGlobalPipes(new ValidationPipe(BENCH_VALIDATION));
  await app.init();
  // Fastify builds its routes on `ready()`, which its own `listen()` would call; the harness listens on the Node server.
  if (fastify) await (app.getHttpAdapter().getInstance() as { ready(): Promise<unknown> }).ready();
  await listenAndReport(app.getHttpServer());
}

main().catch(failStart);
