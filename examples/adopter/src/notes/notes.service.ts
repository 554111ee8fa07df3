import { Injectable } from '@nestjs/common';
import { McpArgs, McpCaller, McpTool } from '@kobana/mcp';
import { NOTEBOOK_SCOPES } from '../notebook.constants';
import { ListNotesDto } from './list-notes.dto';
import { NoteListView } from './note.view';
import { NOTES } from './notes.constants';

/**
 * The notes of the caller's organization. `list` is both the MCP tool
 * `notes_list` and what `GET /api/v1/notes` calls: the same Zod schemas
 * check its input and shape its answer on either side.
 */
@Injectable()
export class NotesService {
  @McpTool({
    name: 'notes_list',
    title: 'List notes',
    description: "Lists the notes of your organization, newest first: each note's id, title, body and creation time.",
    input: ListNotesDto,
    output: NoteListView,
    scopes: [NOTEBOOK_SCOPES.read],
    annotations: { readOnlyHint: true, idempotentHint: true },
  })
  list(@McpCaller() caller: McpCaller, @McpArgs() query: ListNotesDto): NoteListView {
    const title = query.title?.toLowerCase();
    // The records carry organization_id, which NoteView does not list: the output schema strips it from both answers.
    const notes = NOTES.filter((note) => note.organization_id === caller.organization_id && (!title || note.title.toLowerCase().includes(title)))
      .sort((a, b) => b.created_at.localeCompare(a.created_at))
      .slice(0, query.limit);
    return { notes };
  }
}
