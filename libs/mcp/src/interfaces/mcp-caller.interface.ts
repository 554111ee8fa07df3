/**
 * The identity a verified MCP access token stands for. The module never
 * trusts a value the client chooses: every field here comes from the token
 * (through the host's {@link McpTokenVerifier}).
 */
export interface McpCaller {
  /** The person (or service account) the token was issued to. */
  subject: string;
  /** The organization whose data every tool call is confined to. */
  organization_id: string;
  /** The OAuth client the person authorized. */
  client_id: string;
  /** The OAuth client's registered name, shown on approval screens. */
  client_name?: string | null;
  /** Scopes granted to the token. */
  scopes: string[];
  /** Roles the person holds in the organization. */
  roles: string[];
}
