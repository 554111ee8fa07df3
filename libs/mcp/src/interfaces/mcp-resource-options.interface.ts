import { McpAccessOptions } from './mcp-access-options.interface';

/** What `@McpResource()` declares: a document at one fixed URI. */
export interface McpResourceOptions extends McpAccessOptions {
  /** Unique URI, e.g. `kobana://kadu/guide`. */
  uri: string;
  /** Short identifier, shown when there is no title. */
  name: string;
  /** Human-readable title. */
  title?: string;
  /** What the document holds, for the model. */
  description?: string;
  /**
   * MIME type of the text the method returns as a string. An object or array
   * is always answered as `application/json`.
   * @default 'text/plain' for a string, 'application/json' otherwise
   */
  mimeType?: string;
}

/** What `@McpResourceTemplate()` declares: documents addressed by an RFC 6570 level-1 URI template. */
export interface McpResourceTemplateOptions extends McpAccessOptions {
  /** Unique template, e.g. `kobana://kadu/tasks/{id}`; each `{name}` matches one path segment. */
  uriTemplate: string;
  /** Short identifier, shown when there is no title. */
  name: string;
  /** Human-readable title. */
  title?: string;
  /** What the documents hold, for the model. */
  description?: string;
  /** As in {@link McpResourceOptions.mimeType}. */
  mimeType?: string;
}
