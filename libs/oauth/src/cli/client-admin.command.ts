import { CliCommands, CliFailure, CliIo } from '@kobana/host-kit';
import type { ConnectedAppsService } from '../grants/connected-apps.service';
import { parseClientCreateArgs, parseClientDeleteArgs, parseClientListArgs } from './client-admin.parser';
import { OAUTH_CLI_MESSAGES } from './oauth-cli.messages';

/** What the client commands run against: the stored clients, and the scopes of the host's resource. */
export interface ClientAdminServices {
  apps: ConnectedAppsService;
  /** The host's scopes: a client registered with any other could never be granted it. */
  scopes: readonly string[];
}

/** `client create`, `client list` and `client delete`, the same in every host's CLI. */
export const CLIENT_ADMIN_COMMANDS: CliCommands<ClientAdminServices> = {
  'client create': (args) => {
    const client = parseClientCreateArgs(args);
    return async ({ apps, scopes }, io) => {
      const unknown = (client.scope?.split(' ') ?? []).filter((scope) => !scopes.includes(scope));
      if (unknown.length > 0) throw new CliFailure(OAUTH_CLI_MESSAGES.unknownScopes(unknown, scopes));
      const clientId = await apps.createPublicClient(client);
      io.err(OAUTH_CLI_MESSAGES.clientCreated(clientId, client.name));
      io.out(clientId);
    };
  },
  'client list': (args) => {
    parseClientListArgs(args);
    return ({ apps }, io) => runClientList(apps, io);
  },
  'client delete': (args) => {
    const { id } = parseClientDeleteArgs(args);
    return async ({ apps }, io) => {
      const grants = (await apps.listClients()).find((client) => client.clientId === id)?.grants ?? 0;
      if (!(await apps.deleteClient(id))) throw new CliFailure(OAUTH_CLI_MESSAGES.clientNotFound(id));
      io.out(OAUTH_CLI_MESSAGES.clientDeleted(id, grants));
    };
  },
};

async function runClientList(apps: ConnectedAppsService, io: CliIo): Promise<void> {
  const clients = await apps.listClients();
  if (clients.length === 0) return io.err(OAUTH_CLI_MESSAGES.noClients());
  const rows = clients.map((client) => [
    client.clientId,
    client.clientName ?? '-',
    client.source,
    client.redirectUris.join(',') || '-',
    client.scope ?? '-',
    client.createdAt,
    String(client.grants),
  ]);
  const header = ['CLIENT ID', 'NAME', 'REGISTRATION', 'REDIRECT URIS', 'SCOPE', 'CREATED', 'GRANTS'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  for (const cells of [header, ...rows])
    io.out(
      cells
        .map((cell, column) => cell.padEnd(widths[column]))
        .join('  ')
        .trimEnd(),
    );
}
