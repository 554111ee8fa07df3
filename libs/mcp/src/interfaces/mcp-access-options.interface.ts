/** Who may see and use a tool, resource, template or prompt. */
export interface McpAccessOptions {
  /** Scopes the token must carry; a missing one answers 403 `insufficient_scope`. @default [] */
  scopes?: string[];
  /**
   * Roles allowed to see and use it (any of them); empty means every role.
   * A role outside the list is answered exactly as if it did not exist.
   * @default []
   */
  roles?: string[];
}
