import { Injectable } from '@nestjs/common';
import { McpCaller, McpTool } from '@kobana/mcp';
import { NOTEBOOK_SCOPES } from '../notebook.constants';
import { NoteListView } from './note.view';
import { NOTES } from './notes.constants';

/** The notes of the caller's organization; the one method is also the MCP tool `notes_list`. */
@Injectable()
export class NotesService {
  @McpTool({
    name: 'notes_list',
    title: 'List notes',
    description: "Lists the notes of your organization, newest first: each note's id, title, body and creation time.",
    output: NoteListView,
    scopes: [NOTEBOOK_SCOPES.read],
    annotations: { readOnlyHint: true, idempotentHint: true },
  })
  list(@McpCaller() caller: McpCaller): NoteListView {
    const notes = NOTES.filter((note) => note.organization_id === caller.organization_id)
      .map(({ organization_id: _organization, ...note }) => note)
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
    return { notes };
  }
}
