import { adaptCliCommands, CliCommands, TOKEN_ADMIN_COMMANDS, TokenAdmin } from '@kobana/host-kit';
import type { ConnectedAppsService } from '../grants/connected-apps.service';
import { CLIENT_ADMIN_COMMANDS } from './client-admin.command';
import { OAuthTokenAdmin } from './oauth-token.command';

/** What a host CLI runs against once its host is an authorization server: its identity, and the OAuth grants and clients. */
export interface OAuthCliServices<I extends TokenAdmin = TokenAdmin> {
  /** The host's identity service, for its own commands (`token create`, `password reset`). */
  identity: I;
  /** Personal tokens and OAuth grants together, for `token list` and `token revoke`. */
  tokens: TokenAdmin;
  apps: ConnectedAppsService;
  /** The scopes of the host's resource, which `client create --scope` must keep to. */
  scopes: readonly string[];
}

/** The services of {@link OAUTH_ADMIN_COMMANDS} from a host's identity, the connected apps and the host's scopes. */
export function oauthCliServices<I extends TokenAdmin>(identity: I, apps: ConnectedAppsService, scopes: readonly string[]): OAuthCliServices<I> {
  return { identity, tokens: new OAuthTokenAdmin(identity, apps), apps, scopes };
}

/** `token list`, `token revoke` (personal tokens and OAuth grants) and `client create|list|delete`, the same in every host's CLI. */
export const OAUTH_ADMIN_COMMANDS: CliCommands<OAuthCliServices> = {
  ...adaptCliCommands(TOKEN_ADMIN_COMMANDS, (services: OAuthCliServices) => services.tokens),
  ...adaptCliCommands(CLIENT_ADMIN_COMMANDS, (services: OAuthCliServices) => services),
};
