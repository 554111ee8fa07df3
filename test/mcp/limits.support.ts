/**
 * A host for the limits specs: tools of every rate-limit class that count
 * their runs, a tool the test holds open, and a verifier whose token
 * `org|subject|client` stands for that caller.
 */
import { INestApplication, Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString } from 'class-validator';
import request from 'supertest';
import { McpArgs, McpModule, McpTool } from '@kobana/mcp';
import type { McpModuleOptions, McpTokenVerifier } from '@kobana/mcp';
import type { McpCaller } from '@kobana/mcp';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { body2026, headers2026, Platform } from './support/fixture.app';

/** Arguments of the counting tools. */
export class NoteDto {
  @IsOptional()
  @IsString()
  text?: string;

  /** Converted with Number(), as query-style DTOs do. */
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  count?: number;
}

/** Thrown by `flaky` when asked: stands for a database locked for a moment. */
export class PassingFault extends Error {}

@Injectable()
export class LimitsTools {
  runs: Record<string, number> = { look: 0, note: 0, launch: 0, tagged: 0, hold: 0 };
  /** Resolves the pending `hold` calls. */
  release: () => void = () => undefined;
  private held = new Promise<void>((resolve) => (this.release = resolve));

  @McpTool({ name: 'look', description: 'Reads', annotations: { readOnlyHint: true, idempotentHint: true } })
  look() {
    return { n: ++this.runs.look };
  }

  @McpTool({ name: 'note', description: 'Writes', annotations: { idempotentHint: true } })
  note(@McpArgs() _args: NoteDto) {
    return { n: ++this.runs.note };
  }

  @McpTool({ name: 'launch', description: 'Each call is one more run', annotations: { idempotentHint: false } })
  launch() {
    return { n: ++this.runs.launch };
  }

  @McpTool({ name: 'tagged', description: 'A write counted as a run', rateLimitClass: 'run' })
  tagged() {
    return { n: ++this.runs.tagged };
  }

  @McpTool({ name: 'hold', description: 'Answers when the test releases it', annotations: { readOnlyHint: true } })
  async hold() {
    this.runs.hold++;
    await this.held;
    return { released: true };
  }

  @McpTool({ name: 'flaky', description: 'Fails as told', annotations: { readOnlyHint: true } })
  flaky(@McpArgs() args: NoteDto) {
    if (args.text === 'passing') throw new PassingFault('SQLITE_BUSY: database is locked at /srv/kadu/data.sqlite');
    throw new Error('disk on fire at /srv/kadu/data.sqlite');
  }
}

@Injectable()
export class LimitsVerifier implements McpTokenVerifier {
  async verify(token: string): Promise<McpCaller | null> {
    const [organization_id, subject, client_id] = token.split('|');
    if (!client_id) return null;
    return { organization_id, subject, client_id, scopes: [], roles: ['member'] };
  }
}

@Module({ providers: [LimitsTools, LimitsVerifier], exports: [LimitsTools, LimitsVerifier] })
class LimitsHostModule {}

/** Starts the host on a loopback port with these module options, on Express (Nest's default) or on Fastify. */
export async function createLimitsApp(options: Partial<McpModuleOptions> = {}, platform: Platform = 'express'): Promise<INestApplication> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      LimitsHostModule,
      McpModule.forRootAsync({
        imports: [LimitsHostModule],
        inject: [LimitsVerifier],
        useFactory: (verifier: LimitsVerifier) => ({
          serverInfo: { name: 'limits', version: '1' },
          verifier,
          publicUrl: 'http://mcp.test',
          ...options,
        }),
      }),
    ],
  }).compile();
  const app =
    platform === 'fastify' ? moduleRef.createNestApplication(new FastifyAdapter(), { logger: false }) : moduleRef.createNestApplication({ logger: false });
  await app.listen(0, '127.0.0.1');
  return app;
}

/** A well-formed era-2026 `tools/call` of `name` by the caller `token`. */
export function callTool(app: INestApplication, name: string, token = 'org-a|alice|client-1', id: number | string = 1, args: object = {}): request.Test {
  return request(app.getHttpServer())
    .post('/mcp')
    .set(headers2026('tools/call', name, token))
    .send(body2026('tools/call', { name, arguments: args }, id));
}

/** A well-formed era-2026 request of another method. */
export function callMethod(app: INestApplication, method: string, token = 'org-a|alice|client-1', id: number | string = 1): request.Test {
  return request(app.getHttpServer())
    .post('/mcp')
    .set(headers2026(method, undefined, token))
    .send(body2026(method, {}, id));
}
