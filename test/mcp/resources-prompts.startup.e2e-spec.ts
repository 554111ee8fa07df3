import { Injectable, INestApplication } from '@nestjs/common';
import request from 'supertest';
import { McpCompletion, McpPrompt, McpResource, McpResourceTemplate, McpTool } from '@kobana/mcp';
import { createHostApp, rpc } from './support/fixture.rpc';
import { FixtureResources } from './support/fixture.resources';
import { FixturePrompts } from './support/fixture.prompts';

describe('McpModule: capabilities follow what the host registered', () => {
  @Injectable()
  class OnlyTools {
    @McpTool({ name: 'only', description: 'The only tool' })
    only() {
      return {};
    }
  }

  @Injectable()
  class OnlyTemplates {
    @McpResourceTemplate({ uriTemplate: 'host://things/{id}', name: 'thing', scopes: ['host:things'] })
    thing() {
      return {};
    }
  }

  @Injectable()
  class OnlyPrompts {
    @McpPrompt({ name: 'hello', arguments: [{ name: 'who' }], scopes: ['host:prompts'] })
    hello() {
      return 'Hello';
    }
  }

  const discover = (app: INestApplication) => rpc(app, '2026', 'server/discover');
  const initialize = (app: INestApplication) => rpc(app, '2025', 'initialize', { protocolVersion: '2025-06-18' });

  it('a host with tools only announces tools, and the other methods do not exist', async () => {
    const app = await createHostApp(OnlyTools);
    try {
      expect((await discover(app)).body.result.capabilities).toEqual({ tools: {} });
      expect((await initialize(app)).body.result.capabilities).toEqual({ tools: { listChanged: false } });
      for (const method of ['resources/list', 'resources/templates/list', 'resources/read', 'prompts/list', 'prompts/get', 'completion/complete']) {
        const modern = await rpc(app, '2026', method, {});
        expect(modern.status).toBe(404);
        expect(modern.body.error).toEqual({ code: -32601, message: `Method not found: ${method}` });
        const legacy = await rpc(app, '2025', method, {});
        expect(legacy.status).toBe(200);
        expect(legacy.body.error).toEqual({ code: -32601, message: `Method not found: ${method}` });
      }
    } finally {
      await app.close();
    }
  });

  it('templates alone announce resources; prompts alone announce prompts; their scopes are advertised', async () => {
    const app = await createHostApp(OnlyTemplates, OnlyPrompts);
    try {
      expect((await discover(app)).body.result.capabilities).toEqual({ tools: {}, resources: {}, prompts: {} });
      expect((await initialize(app)).body.result.capabilities).toEqual({
        tools: { listChanged: false },
        resources: { subscribe: false, listChanged: false },
        prompts: { listChanged: false },
      });
      const metadata = await request(app.getHttpServer()).get('/.well-known/oauth-protected-resource/mcp');
      expect(metadata.body.scopes_supported).toEqual(['host:prompts', 'host:things']);
    } finally {
      await app.close();
    }
  });
});

describe('McpModule: start-up checks of resources, prompts and completions', () => {
  function resourceAt(uri: string) {
    @Injectable()
    class Resource {
      @McpResource({ uri, name: 'again' })
      read() {
        return {};
      }
    }
    return Resource;
  }

  it.each([
    ['resource URI', () => resourceAt('fixture://guide'), 'Duplicate MCP resource "fixture://guide": declared by FixtureResources.guide and by Resource.read'],
    [
      'URI template',
      () => {
        @Injectable()
        class Template {
          @McpResourceTemplate({ uriTemplate: 'fixture://notes/{id}', name: 'again' })
          read() {
            return {};
          }
        }
        return Template;
      },
      'Duplicate MCP resource template "fixture://notes/{id}": declared by FixtureResources.note and by Template.read',
    ],
    [
      'prompt name',
      () => {
        @Injectable()
        class Prompt {
          @McpPrompt({ name: 'explain' })
          build() {
            return 'again';
          }
        }
        return Prompt;
      },
      'Duplicate MCP prompt "explain": declared by FixturePrompts.explain and by Prompt.build',
    ],
    [
      'completion for one argument',
      () => {
        @Injectable()
        class Completion {
          @McpCompletion({ ref: { type: 'ref/prompt', name: 'investigate' }, argument: 'period' })
          complete() {
            return [];
          }
        }
        return Completion;
      },
      'Duplicate MCP completion for "period" of prompt "investigate": declared by FixturePrompts.periods and by Completion.complete',
    ],
  ])('a second %s stops start-up', async (_, declare, message) => {
    await expect(createHostApp(FixtureResources, FixturePrompts, declare())).rejects.toThrow(message);
  });

  it.each([
    ['an undeclared prompt argument', { type: 'ref/prompt', name: 'investigate' } as const, 'colour', 'completes "colour" of prompt "investigate"'],
    ['a prompt that does not exist', { type: 'ref/prompt', name: 'nope' } as const, 'x', 'completes "x" of prompt "nope"'],
    [
      'a template variable that does not exist',
      { type: 'ref/resource', uri: 'fixture://notes/{id}' } as const,
      'slug',
      'completes "slug" of resource template "fixture://notes/{id}"',
    ],
  ])('a completion of %s stops start-up', async (_, ref, argument, message) => {
    @Injectable()
    class Orphan {
      @McpCompletion({ ref, argument })
      complete() {
        return [];
      }
    }
    await expect(createHostApp(FixtureResources, FixturePrompts, Orphan)).rejects.toThrow(message);
  });

  it.each([
    ['host://files/{+path}', '"{+path}" is not a level-1 expression'],
    ['host://files/{a,b}', '"{a,b}" is not a level-1 expression'],
    ['host://files/{id', 'unbalanced braces'],
    ['host://files/{id}/{id}', '"id" appears twice'],
    ['host://files', 'it has no variables'],
  ])('the URI template %s stops start-up', async (uriTemplate, why) => {
    @Injectable()
    class Template {
      @McpResourceTemplate({ uriTemplate, name: 'files' })
      read() {
        return {};
      }
    }
    await expect(createHostApp(Template)).rejects.toThrow(`Invalid MCP URI template "${uriTemplate}": ${why}`);
  });
});
