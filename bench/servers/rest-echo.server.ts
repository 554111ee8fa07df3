/**
 * The floor: the echo's service method behind a plain Nest 11 route, with the
 * same bearer check (the same verifier) and a global ValidationPipe with the
 * options the module is given.
 */
import 'reflect-metadata';
import { Body, CanActivate, Controller, ExecutionContext, HttpCode, Injectable, Module, Post, Req, UnauthorizedException, UseGuards, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Request } from 'express';
import type { McpCaller } from '@kobana/mcp/interfaces/mcp-caller.interface';
import { BenchVerifier } from './bench.verifier';
import { EchoDto, EchoService, EchoView } from './echo.tool';
import { BENCH_VALIDATION } from './bench.validation';
import { failStart, listenAndReport } from './server.ipc';

type AuthenticatedRequest = Request & { caller?: McpCaller };

@Injectable()
class BearerGuard implements CanActivate {
  constructor(private readonly verifier: BenchVerifier) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    const caller = match ? await this.verifier.verify(match[1]) : null;
    if (!caller) throw new UnauthorizedException();
    request.caller = caller;
    return true;
  }
}

@Controller('echo')
class EchoController {
  constructor(private readonly echo: EchoService) {}

  @Post()
  @HttpCode(200)
  @UseGuards(BearerGuard)
  handle(@Req() request: AuthenticatedRequest, @Body() body: EchoDto): EchoView {
    return this.echo.echo(request.caller!, body);
  }
}

@Module({ controllers: [EchoController], providers: [EchoService, BenchVerifier, BearerGuard] })
class RestEchoModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create(RestEchoModule, { logger: ['error'] });
  app.useGlobalPipes(new ValidationPipe(BENCH_VALIDATION));
  await app.init();
  await listenAndReport(app.getHttpServer());
}

main().catch(failStart);
