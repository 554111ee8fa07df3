// The CLI doors of host-kit and oauth, not their main ones: this text is printed before anything else loads.
import { TOKEN_ADMIN_USAGE, TOKEN_LIFETIME_USAGE } from '@kobana/host-kit/cli';
import { CLIENT_ADMIN_USAGE, PASSWORD_RESET_USAGE } from '@kobana/oauth/cli';
import type { HostDescriptor } from '../host-descriptor.interface';
import { defaultDatabaseUrl } from '../config/host-database-url.util';

/**
 * What a host CLI's help shows of the host: a host keeps these in a file of
 * their own that imports none of its modules, and its descriptor spreads it,
 * so `help` needs no descriptor and the two cannot differ.
 */
export type HostCliDescriptor = Pick<HostDescriptor, 'name' | 'title' | 'roles' | 'scopes' | 'people' | 'cli'>;

/** The CLI's help text: the same for every host, apart from its name, roles, scopes, people and database. */
export function hostCliUsage(host: HostCliDescriptor): string {
  const passwords = host.people
    ? `Passwords: ${host.title}'s people are the application's own; their passwords are reset where it keeps them.`
    : PASSWORD_RESET_USAGE;
  return `Usage: ${host.cli.command} <command> [options]

Commands:
  token create --organization <slug> --role <role> [options]
      Mints an access token of ${host.title}; the organization and the user
      <role>@<slug>.${host.name}.local are created when missing. The token is the last line of stdout.
        --scopes a,b          default: ${host.scopes.map((entry) => entry.scope).join(',')}
        --audience mcp|api    default: mcp (an mcp token is refused by /api/v1 and vice versa)
        --client-id <id>      default: pat_<token id> (each token its own client)
        --client-name <name>  default: Personal access token
        ${TOKEN_LIFETIME_USAGE}

${TOKEN_ADMIN_USAGE}

${CLIENT_ADMIN_USAGE}

${passwords}

Roles: ${host.roles.join(', ')}
The database is the one DATABASE_URL names (default ${defaultDatabaseUrl(host)}).`;
}
