/** The fixed resources and resource templates Kadu serves over MCP (docs/protocol.md §9). */
export const KADU_URIS = {
  guide: 'kobana://kadu/guide',
  organization: 'kobana://kadu/organization',
  task: 'kobana://kadu/tasks/{id}',
  execution: 'kobana://kadu/executions/{id}',
  file: 'kobana://kadu/files/{id}',
} as const;

/** The scope every resource, template and prompt needs: they only read, as the `_get` tools do. */
export const KADU_READ_SCOPES = ['kadu:read'];
