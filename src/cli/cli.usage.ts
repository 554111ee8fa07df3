import { TOKEN_ADMIN_USAGE, TOKEN_LIFETIME_USAGE } from '@kobana/host-kit';
import { CLIENT_ADMIN_USAGE, PASSWORD_RESET_USAGE } from '@kobana/oauth';
import { KADU_ROLES, KADU_SCOPES } from '../identity/kadu-identity.types';

/** The CLI's help text. */
export const CLI_USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  token create --organization <slug> --role <role> [options]
      Mints an access token; the organization and the user <role>@<slug>.kadu.local
      are created when missing. The token is the last line of stdout.
        --scopes a,b          default: ${KADU_SCOPES.join(',')}
        --audience mcp|api    default: mcp (an mcp token is refused by /api/v1 and vice versa)
        --client-id <id>      default: pat_<token id> (each token its own client)
        --client-name <name>  default: Personal access token
        ${TOKEN_LIFETIME_USAGE}

${TOKEN_ADMIN_USAGE}

${CLIENT_ADMIN_USAGE}

${PASSWORD_RESET_USAGE}

Roles: ${KADU_ROLES.join(', ')}
The database is the one DATABASE_URL names (default sqlite:./data/kadu.sqlite).`;
