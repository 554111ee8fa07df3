import type { HostBannerInput, HostDemoSeed, HostDescriptor } from '../host-descriptor.interface';
import { DEFAULT_MCP_PATH } from '../mcp/host-mcp.options';
import { HOST_API_PREFIX } from '../openapi/host-openapi.module';

/** What the banner reads of the descriptor. */
export type HostBannerHost<Seed extends HostDemoSeed> = Pick<HostDescriptor<object, Seed>, 'title' | 'cli' | 'demo'> & {
  mcp: Pick<HostDescriptor['mcp'], 'path'>;
};

/**
 * The text printed once the server listens: where to connect, then the
 * demo. Without a demo, and in production (a demo without credentials), it
 * says which command mints them; with credentials, the host's own lines
 * (`demo.lines`) show them. It never shows a signing secret.
 */
export function renderHostBanner<Seed extends HostDemoSeed>(host: HostBannerHost<Seed>, input: HostBannerInput<Seed>): string {
  const mcpUrl = `${input.publicUrl}${host.mcp.path ?? DEFAULT_MCP_PATH}`;
  const cli = host.cli.command;
  const tokenArgs = host.demo.tokenArgs ?? '';
  const lines = [
    '',
    `${host.title} is running (listening on ${input.listening})`,
    '',
    `  MCP endpoint   ${mcpUrl}`,
    `  REST API       ${input.publicUrl}/${HOST_API_PREFIX}`,
    `  Database       ${input.database}`,
    '',
  ];
  const demo = input.demo;
  const shown = demo && host.demo.lines(demo, { publicUrl: input.publicUrl, mcpUrl });
  if (!demo) {
    lines.push(`  Mint a token:  ${cli} token create --organization <slug> --role owner${tokenArgs}`);
  } else if (!shown) {
    // Production: the demo exists, its credentials are the operator's to make (docs/security-model.md).
    lines.push(
      `  Demo organization "${demo.organizationSlug}", owner ${demo.ownerEmail} (no password or token shown in production)`,
      `  Owner password: ${cli} password reset --email ${demo.ownerEmail}`,
      `  MCP token:      ${cli} token create --organization ${demo.organizationSlug} --role owner${tokenArgs}`,
    );
  } else {
    lines.push(...shown);
  }
  return [...lines, ''].join('\n') + '\n';
}
