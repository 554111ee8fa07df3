import {
  Controller,
  Get,
  Query,
  SerializeOptions,
  StandardSchemaSerializerInterceptor,
  StandardSchemaValidationPipe,
  UseGuards,
  UseInterceptors,
  UsePipes,
} from '@nestjs/common';
import type { McpCaller } from '@kobana/mcp';
import { ApiAuthGuard, CurrentCaller } from '@kobana/identity';
import { ListNotesDto } from './list-notes.dto';
import { NoteListView } from './note.view';
import { NotesService } from './notes.service';

/**
 * `GET /api/v1/notes`, the REST twin of `notes_list`: Nest 12's Standard
 * Schema decorators take the very constants the tool declares, its pipe
 * checks the query as the MCP module checks the arguments, and its
 * interceptor shapes the answer as the module shapes `structuredContent`.
 */
@Controller('api/v1/notes')
@UseGuards(ApiAuthGuard)
@UsePipes(StandardSchemaValidationPipe)
@UseInterceptors(StandardSchemaSerializerInterceptor)
export class NotesController {
  constructor(private readonly notes: NotesService) {}

  @Get()
  @SerializeOptions({ schema: NoteListView })
  list(@CurrentCaller() caller: McpCaller, @Query({ schema: ListNotesDto }) query: ListNotesDto): NoteListView {
    return this.notes.list(caller, query);
  }
}
