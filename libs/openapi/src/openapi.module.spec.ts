import 'reflect-metadata';
import {
  Body,
  CanActivate,
  Controller,
  createParamDecorator,
  Get,
  HttpCode,
  Injectable,
  Param,
  Post,
  Query,
  SerializeOptions,
  UseGuards,
} from '@nestjs/common';
import { z } from 'zod';
import { Test } from '@nestjs/testing';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { McpToolRegistry } from '@kobana/mcp';
import { OpenApiModule } from './openapi.module';
import { OpenApiDocumentService } from './document/openapi-document.service';
import { OpenApiRoute } from './decorators/openapi-route.decorator';
import { OpenApiHeader } from './decorators/openapi-header.decorator';
import { OpenApiAnswerCheck } from './testing/openapi-answer-check.util';
import { openApiDocumentProblems } from './testing/openapi-document-check.util';
import type { OpenApiModuleOptions } from './interfaces/openapi-module-options.interface';

@Injectable()
class TokenGuard implements CanActivate {
  canActivate(): boolean {
    return true;
  }
}

const RequestId = createParamDecorator(() => 'id', [OpenApiHeader({ name: 'X-Request-Id', description: 'Echoed in logs' })]);

class ListDto {
  @IsOptional() @IsInt() @Min(1) @Max(100) limit?: number;
  @IsString() q!: string;
}

class CreateDto {
  @IsString() name!: string;
}

class ThingView {
  @IsString() id!: string;
  @IsString() name!: string;
}

@Controller('api/v1/things')
@UseGuards(TokenGuard)
class ThingsController {
  @Get()
  @OpenApiRoute({ tool: 'things_list' })
  list(@Query() query: ListDto): unknown {
    return query;
  }

  @Post(':id/rename')
  @HttpCode(200)
  @OpenApiRoute({ output: ThingView, summary: 'Rename a thing', errors: [409] })
  rename(@Param('id') id: string, @Body() body: CreateDto, @RequestId() requestId: string): ThingView {
    return { id: `${id}${requestId}`, name: body.name };
  }
}

@Controller('api/v1/files')
class FilesController {
  @Get(':id/bytes')
  @OpenApiRoute({ binary: ['application/pdf'], summary: 'The bytes' })
  bytes(@Param('id') id: string): string {
    return id;
  }
}

/** Nest 12 routes with Standard Schemas: the same constants a tool would take. */
const CreateGadget = z.object({ name: z.string().trim().min(2), size: z.int().min(1).default(1) });
const Gadget = z.object({ id: z.uuid(), name: z.string(), size: z.int() });

@Controller('api/v1/gadgets')
@SerializeOptions({ schema: Gadget })
class GadgetsController {
  @Post()
  create(@Body({ schema: CreateGadget }) body: z.output<typeof CreateGadget>) {
    return { id: '00000000-0000-4000-8000-000000000000', ...body };
  }

  @Get(':id')
  get(@Param('id', { schema: z.uuid() }) id: string, @Query({ schema: z.object({ fields: z.enum(['name', 'size']).optional() }) }) _query: unknown) {
    return { id, name: 'g', size: 1 };
  }
}

/** Outside the prefix: not part of the document. */
@Controller('pages')
class PagesController {
  @Get()
  page(): string {
    return 'page';
  }
}

const THINGS_PAGE_SCHEMA = { type: 'object', properties: { data: { type: 'array' } }, required: ['data'], additionalProperties: false };
const tools = {
  get: (name: string) =>
    name === 'things_list' ? { descriptor: { title: 'List things', description: 'Lists things', outputSchema: THINGS_PAGE_SCHEMA } } : undefined,
};
const OPTIONS: OpenApiModuleOptions = {
  info: { title: 'Things', version: '1' },
  servers: [{ url: 'http://things.test' }],
  bearerGuards: [TokenGuard],
  bearerDescription: 'A things token',
  errors: [503],
};

async function documentOf(...controllers: Array<new (...args: never[]) => unknown>) {
  const moduleRef = await Test.createTestingModule({
    imports: [OpenApiModule.forRoot({ ...OPTIONS, prefix: 'api/v1' })],
    controllers,
    providers: [TokenGuard, { provide: McpToolRegistry, useValue: tools }],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  try {
    await app.init();
    return app.get(OpenApiDocumentService).document;
  } finally {
    await app.close();
  }
}

describe('OpenApiModule', () => {
  it('describes each route under the prefix from its metadata, the DTOs and the tool it mirrors', async () => {
    const document = await documentOf(ThingsController, FilesController, PagesController);

    expect(openApiDocumentProblems(document)).toEqual([]);
    expect(Object.keys(document.paths).sort()).toEqual(['/api/v1/files/{id}/bytes', '/api/v1/openapi.json', '/api/v1/things', '/api/v1/things/{id}/rename']);
    expect(document.paths['/api/v1/things'].get).toStrictEqual({
      operationId: 'things_list',
      summary: 'List things',
      description: 'Lists things',
      tags: ['things'],
      parameters: [
        { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100 } },
        { name: 'q', in: 'query', required: true, schema: { type: 'string' } },
      ],
      responses: {
        200: { description: 'List things', content: { 'application/json': { schema: THINGS_PAGE_SCHEMA } } },
        400: { $ref: '#/components/responses/BadRequest' },
        401: { $ref: '#/components/responses/Unauthorized' },
        503: { $ref: '#/components/responses/ServiceUnavailable' },
      },
      security: [{ bearer: [] }],
    });
    const rename = document.paths['/api/v1/things/{id}/rename'].post;
    expect(rename.parameters).toStrictEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'X-Request-Id', in: 'header', required: false, description: 'Echoed in logs', schema: { type: 'string' } },
    ]);
    expect(rename.requestBody).toStrictEqual({
      required: true,
      content: {
        'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false } },
      },
    });
    expect(Object.keys(rename.responses)).toEqual(['200', '400', '401', '404', '409', '413', '503']);
    const bytes = document.paths['/api/v1/files/{id}/bytes'].get;
    expect(bytes.responses['200']).toStrictEqual({ description: 'The bytes', content: { 'application/pdf': {} } });
    expect(bytes.security).toBeUndefined();
    expect(document.components.responses.Unauthorized).toMatchObject({
      headers: { 'WWW-Authenticate': expect.any(Object) },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/BearerError' } } },
    });
    expect(Object.isFrozen(document.paths)).toBe(true);
  });

  it('describes a route with Standard Schemas from their JSON Schema: the input side for body, path and query, the output side of @SerializeOptions for the answer', async () => {
    const document = await documentOf(GadgetsController);
    expect(openApiDocumentProblems(document)).toEqual([]);
    const gadget = {
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid', pattern: expect.any(String) },
        name: { type: 'string' },
        size: { type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
      },
      required: ['id', 'name', 'size'],
      additionalProperties: false,
    };
    const create = document.paths['/api/v1/gadgets'].post;
    expect(create.operationId).toBe('GadgetsController_create');
    expect(create.requestBody).toEqual({
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: { name: { type: 'string', minLength: 2 }, size: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, default: 1 } },
            required: ['name'],
          },
        },
      },
    });
    expect(create.responses['201']).toEqual({ description: 'Success', content: { 'application/json': { schema: gadget } } });
    expect(Object.keys(create.responses)).toEqual(['201', '400', '413', '503']);
    const get = document.paths['/api/v1/gadgets/{id}'].get;
    expect(get.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid', pattern: expect.any(String) } },
      { name: 'fields', in: 'query', required: false, schema: { type: 'string', enum: ['name', 'size'] } },
    ]);
    expect(get.responses['200']).toEqual({ description: 'Success', content: { 'application/json': { schema: gadget } } });
    expect(JSON.stringify(document)).not.toContain('$schema');
  });

  describe('stops start-up', () => {
    it('for a route under the prefix that says nothing of its answer', async () => {
      @Controller('api/v1/bare')
      class BareController {
        @Get()
        bare(): string {
          return 'bare';
        }
      }
      await expect(documentOf(BareController)).rejects.toThrow('BareController.bare (GET /api/v1/bare) has no @OpenApiRoute()');
    });

    it('for a tool that is not registered', async () => {
      @Controller('api/v1/ghost')
      class GhostController {
        @Get()
        @OpenApiRoute({ tool: 'ghost_get' })
        ghost(): string {
          return 'ghost';
        }
      }
      await expect(documentOf(GhostController)).rejects.toThrow("@OpenApiRoute({ tool: 'ghost_get' }) on GhostController.ghost: no such tool is registered");
    });

    it('for a route naming two answers', async () => {
      @Controller('api/v1/twice')
      class TwiceController {
        @Get()
        @OpenApiRoute({ output: ThingView, binary: ['application/pdf'] })
        twice(): string {
          return 'twice';
        }
      }
      await expect(documentOf(TwiceController)).rejects.toThrow('names more than one of tool, output, outputSchema and binary');
    });
  });

  describe('OpenApiAnswerCheck', () => {
    let check: OpenApiAnswerCheck;
    beforeAll(async () => {
      check = new OpenApiAnswerCheck(await documentOf(ThingsController, FilesController));
    });
    const json = 'application/json; charset=utf-8';
    const answer = (status: number, body: unknown, contentType = json) => ({
      method: 'POST',
      path: '/api/v1/things/t1/rename',
      status,
      contentType,
      text: JSON.stringify(body),
    });

    it('accepts answers that match, errors included', () => {
      expect(check.check(answer(200, { id: 't1', name: 'New' })).template).toBe('/api/v1/things/{id}/rename');
      check.check(answer(400, { statusCode: 400, message: ['name must be a string'], error: 'Bad Request' }));
      check.check(answer(401, { error: 'invalid_token', error_description: 'Missing access token' }));
      check.check({ method: 'GET', path: '/api/v1/files/f1/bytes?x=1', status: 200, contentType: 'application/pdf', text: '%PDF' });
    });

    it.each([
      ['a missing property', answer(200, { id: 't1' }), "must have required property 'name'"],
      ['a property the view does not declare', answer(200, { id: 't1', name: 'New', secret: 'x' }), 'must NOT have additional properties'],
      ['a wrong type', answer(200, { id: 1, name: 'New' }), 'must be string'],
      ['an error body off its shape', answer(404, { message: 'Not found' }), "must have required property 'statusCode'"],
      ['an undocumented status', answer(422, { statusCode: 422, message: 'x' }), 'status not documented'],
      ['a media type not listed', answer(200, { id: 't1', name: 'New' }, 'text/html'), 'Content-Type text/html is not one of application/json'],
      ['a route not in the document', { ...answer(200, {}), path: '/api/v1/nothing' }, 'no such operation in the document'],
    ])('refuses %s', (_case, wrong, message) => {
      expect(() => check.check(wrong)).toThrow(message);
    });
  });
});
