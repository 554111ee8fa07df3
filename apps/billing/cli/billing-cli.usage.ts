import { TOKEN_ADMIN_USAGE, TOKEN_LIFETIME_USAGE } from '@kobana/host-kit';
import { CLIENT_ADMIN_USAGE, PASSWORD_RESET_USAGE } from '@kobana/oauth';
import { BILLING_ALL_SCOPES } from '../billing.constants';
import { BILLING_ROLES } from '../identity/billing-roles';

/** The CLI's help text. */
export const BILLING_CLI_USAGE = `Usage: npm run cli:billing -- <command> [options]

Commands:
  token create --organization <slug> --role <role> [options]
      Mints an access token of Kobana Billing; the organization and the user
      <role>@<slug>.billing.local are created when missing. The token is the last line of stdout.
        --audience mcp|api    default: mcp (an mcp token is refused by /api/v1 and vice versa)
        --scopes a,b          default: ${BILLING_ALL_SCOPES.join(',')}
        --client-id <id>      default: pat_<token id> (each token its own client)
        --client-name <name>  default: Personal access token
        ${TOKEN_LIFETIME_USAGE}

${TOKEN_ADMIN_USAGE}

${CLIENT_ADMIN_USAGE}

${PASSWORD_RESET_USAGE}

Roles: ${BILLING_ROLES.join(', ')}
The database is the one DATABASE_URL names (default sqlite:./data/billing.sqlite).`;
