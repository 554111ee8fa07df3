/**
 * `@kobana/identity`: organizations, users (with passwords) and access
 * tokens of one host, with its own token prefix, roles and scopes; the MCP
 * token verifier and the bearer guard of its `/api/v1`; its people as the
 * `@kobana/people` port, and the records of an application's own people.
 */
export { IdentityModule } from './identity.module';
export { IdentityService } from './identity.service';
export { IdentityPeople } from './identity-people.provider';
export { IdentityPersonRecords } from './identity-person-records.store';
export type { IdentityOptions } from './identity.options';
export { IdentityError } from './identity.error';
export { McpAccessTokenVerifier } from './mcp-access-token.provider';
export { ApiAuthGuard } from './api-auth.guard';
export { CurrentCaller } from './current-caller.decorator';
export { AccessTokenCodec } from './access-token.codec';
export { generatePassword } from './password-hash.util';
export { ORGANIZATION_SLUG_PATTERN, SCOPE_PATTERN } from './identity.constants';
export { TOKEN_AUDIENCES } from './identity.interface';
export type { TokenAudience, CreateTokenOptions, CreatedToken, AccessTokenRecord, ListedToken, TokenListFilter } from './identity.interface';
export type { IdentityDatabase, OrganizationsTable, UsersTable, AccessTokensTable } from './identity.table';
export { createIdentityMigration } from './identity.migration';
