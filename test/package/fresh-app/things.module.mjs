/*
 * things.module.cjs as an ES module, for the application whose package.json
 * says "type": "module": one Zod schema for the arguments and one for the
 * answer, shared by the route `POST /things` and the MCP tool `thing_create`.
 * server.mjs adds it to the application when FRESH_APP_STANDARD_SCHEMA=1.
 *
 * Copied into a temporary folder by test/package/libs-install.e2e-spec.ts.
 */
import {
  Body,
  Controller,
  Inject,
  Injectable,
  Module,
  Post,
  SerializeOptions,
  StandardSchemaSerializerInterceptor,
  StandardSchemaValidationPipe,
  UseInterceptors,
  UsePipes,
} from '@nestjs/common';
import { z } from 'zod';
import { McpArgs, McpTool } from '@kobana/mcp';

/** The arguments: trimmed, a numeric string coerced, a default filled. */
const CreateThing = z.object({
  name: z.string().trim().min(2).max(40),
  quantity: z.coerce.number().int().min(1).max(10).default(1),
});

/** The answer: what the service adds beyond it is stripped on both sides. */
const Thing = z.object({ id: z.string(), name: z.string(), quantity: z.number().int() });

class ThingsService {
  create(args) {
    return { id: 'thing-1', ...args, internal_note: 'not for clients' };
  }
}
McpArgs()(ThingsService.prototype, 'create', 0);
McpTool({ name: 'thing_create', title: 'Create a thing', description: 'Creates a thing', input: CreateThing, output: Thing })(
  ThingsService.prototype,
  'create',
  Object.getOwnPropertyDescriptor(ThingsService.prototype, 'create'),
);
Injectable()(ThingsService);

/** `POST /things`: the same method, the same schemas. */
class ThingsController {
  constructor(things) {
    this.things = things;
  }
  create(body) {
    return this.things.create(body);
  }
}
Inject(ThingsService)(ThingsController, undefined, 0);
Body({ schema: CreateThing })(ThingsController.prototype, 'create', 0);
const create = Object.getOwnPropertyDescriptor(ThingsController.prototype, 'create');
SerializeOptions({ schema: Thing })(ThingsController.prototype, 'create', create);
Post()(ThingsController.prototype, 'create', create);
UsePipes(StandardSchemaValidationPipe)(ThingsController);
UseInterceptors(StandardSchemaSerializerInterceptor)(ThingsController);
Controller('things')(ThingsController);

export class ThingsModule {}
Module({ controllers: [ThingsController], providers: [ThingsService] })(ThingsModule);
