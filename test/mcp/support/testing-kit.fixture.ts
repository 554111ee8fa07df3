import {
  Body,
  CanActivate,
  Controller,
  Delete,
  ExecutionContext,
  Get,
  Injectable,
  Module,
  NotFoundException,
  Param,
  Post,
  Query,
  Req,
  UnauthorizedException,
  UseGuards,
  ValidationPipe,
} from '@nestjs/common';
import { Test, TestingModuleBuilder } from '@nestjs/testing';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { McpArgs, McpCaller, McpModule, McpTool } from '@kobana/mcp';
import type { McpCaller as Caller } from '@kobana/mcp';
import { FixtureTools } from './fixture.tools';
import { FixtureResources } from './fixture.resources';
import { FixturePrompts } from './fixture.prompts';
import { FixtureVerifier } from './fixture.verifier';

/** Arguments of the note tools and the body of their routes. */
export class NoteDto {
  @IsString()
  @MaxLength(20)
  id!: string;
}

export class NoteQueryDto {
  @IsOptional()
  @IsString()
  @MaxLength(40)
  text?: string;
}

export class NewNoteDto {
  @IsString()
  @MaxLength(40)
  text!: string;
}

/** Notes per organization, with tools and routes that call the same methods (for the parity helpers). */
@Injectable()
export class NotesService {
  private readonly notes = new Map<string, { id: string; organization_id: string; text: string }>();
  private next = 1;
  deletes = 0;

  create(organization: string, text: string) {
    const note = { id: `n${this.next++}`, organization_id: organization, text };
    this.notes.set(note.id, note);
    return note;
  }

  list(organization: string, text?: string) {
    const data = [...this.notes.values()].filter((note) => note.organization_id === organization && (text === undefined || note.text === text));
    return { data, total: data.length };
  }

  get(organization: string, id: string) {
    const note = this.notes.get(id);
    if (!note || note.organization_id !== organization) throw new NotFoundException('Note not found');
    return note;
  }

  delete(organization: string, id: string) {
    const note = this.get(organization, id);
    this.notes.delete(id);
    this.deletes++;
    return { id: note.id, deleted: true };
  }
}

@Injectable()
export class NoteTools {
  constructor(private readonly notes: NotesService) {}

  @McpTool({ name: 'notes_create', description: 'Creates a note' })
  create(@McpCaller() caller: Caller, @McpArgs() args: NewNoteDto) {
    return this.notes.create(caller.organization_id, args.text);
  }

  @McpTool({ name: 'notes_list', description: 'Lists notes', annotations: { readOnlyHint: true } })
  list(@McpCaller() caller: Caller, @McpArgs() args: NoteQueryDto) {
    return this.notes.list(caller.organization_id, args.text);
  }

  @McpTool({ name: 'notes_get', description: 'Reads a note', annotations: { readOnlyHint: true } })
  get(@McpCaller() caller: Caller, @McpArgs() args: NoteDto) {
    return this.notes.get(caller.organization_id, args.id);
  }

  @McpTool({ name: 'notes_delete', title: 'Delete note', description: 'Deletes a note', annotations: { destructiveHint: true } })
  delete(@McpCaller() caller: Caller, @McpArgs() args: NoteDto) {
    return this.notes.delete(caller.organization_id, args.id);
  }
}

/** The REST credential of this fixture: `Bearer api:<organization>` (a host mints a real API token instead). */
@Injectable()
class ApiOrganizationGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest();
    const match = /^Bearer api:([a-z0-9-]+)$/.exec(request.headers.authorization ?? '');
    if (!match) throw new UnauthorizedException();
    request.organization = match[1];
    return true;
  }
}

const pipe = new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true });

@Controller('api/v1/notes')
@UseGuards(ApiOrganizationGuard)
class NotesController {
  constructor(private readonly notes: NotesService) {}

  @Post()
  create(@Req() request: { organization: string }, @Body(pipe) body: NewNoteDto) {
    return this.notes.create(request.organization, body.text);
  }

  @Get()
  list(@Req() request: { organization: string }, @Query(pipe) query: NoteQueryDto) {
    return this.notes.list(request.organization, query.text);
  }

  @Get(':id')
  get(@Req() request: { organization: string }, @Param(pipe) params: NoteDto) {
    return this.notes.get(request.organization, params.id);
  }

  @Delete(':id')
  delete(@Req() request: { organization: string }, @Param(pipe) params: NoteDto) {
    return this.notes.delete(request.organization, params.id);
  }
}

@Module({
  controllers: [NotesController],
  providers: [FixtureTools, FixtureResources, FixturePrompts, FixtureVerifier, NotesService, NoteTools],
  exports: [FixtureVerifier],
})
class KitHostModule {}

/** The fixture host (its tools, resources, prompts, and the notes with routes) as a builder, so a spec can override providers before compiling. */
export function kitHostBuilder(): TestingModuleBuilder {
  return Test.createTestingModule({
    imports: [
      KitHostModule,
      McpModule.forRootAsync({
        imports: [KitHostModule],
        inject: [FixtureVerifier],
        useFactory: (verifier: FixtureVerifier) => ({
          serverInfo: { name: 'fixture', title: 'Fixture', version: '0.0.1' },
          verifier,
          publicUrl: 'http://mcp.test',
        }),
      }),
    ],
  });
}
