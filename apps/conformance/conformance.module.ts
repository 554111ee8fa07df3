import { DynamicModule, Module } from '@nestjs/common';
import { McpModule } from '@kobana/mcp';
import { ConformanceVerifier, CONFORMANCE_TOKEN } from './conformance-verifier.provider';
import { ConformanceRequestState } from './conformance-request-state.codec';
import { ConformanceTools } from './conformance-tools.service';
import { ConformanceInputRequiredTools } from './conformance-input-required-tools.service';
import { ConformanceResources } from './conformance-resources.service';
import { ConformancePrompts } from './conformance-prompts.service';
import { ConformanceTaskJobs } from './conformance-task-jobs.worker';
import { ConformanceTaskTools } from './conformance-task-tools.service';

export interface ConformanceModuleOptions {
  /** The one bearer token the host accepts. */
  token: string;
  /** Where the host listens, e.g. `http://127.0.0.1:3001`: its own origin, for the Origin check and the OAuth metadata. */
  publicUrl: string;
}

/**
 * The fixture host of the official MCP conformance suite: McpModule at
 * `/mcp`, serving the tools, resources, prompts and completions the suite's
 * server scenarios name, declared with the module's decorators as any host
 * declares its own.
 */
@Module({})
export class ConformanceModule {
  static forRoot(options: ConformanceModuleOptions): DynamicModule {
    const verifierModule: DynamicModule = {
      module: class ConformanceAuthModule {},
      providers: [{ provide: CONFORMANCE_TOKEN, useValue: options.token }, ConformanceVerifier],
      exports: [ConformanceVerifier],
    };
    return {
      module: ConformanceModule,
      imports: [
        verifierModule,
        McpModule.forRootAsync({
          path: '/mcp',
          imports: [verifierModule],
          inject: [ConformanceVerifier],
          useFactory: (verifier: ConformanceVerifier) => ({
            serverInfo: { name: 'kobana-mcp-conformance', title: 'Kobana MCP conformance fixtures', version: '1.0.0' },
            verifier,
            publicUrl: options.publicUrl,
            instructions: 'Fixture server for the official MCP conformance suite.',
          }),
        }),
      ],
      providers: [
        ConformanceRequestState,
        ConformanceTools,
        ConformanceInputRequiredTools,
        ConformanceResources,
        ConformancePrompts,
        ConformanceTaskJobs,
        ConformanceTaskTools,
      ],
    };
  }
}
