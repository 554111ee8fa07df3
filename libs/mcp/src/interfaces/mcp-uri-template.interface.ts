/** A resource template compiled at start-up: its variables, and the matcher that reads them back from a URI. */
export interface McpUriTemplateMatcher {
  /** The template as declared, e.g. `kobana://kadu/tasks/{id}`. */
  readonly template: string;
  /** The variable names, in order. */
  readonly variables: readonly string[];
  /** The decoded variables of a URI the template matches; `undefined` when it does not (or a value is badly encoded). */
  match(uri: string): Record<string, string> | undefined;
}
