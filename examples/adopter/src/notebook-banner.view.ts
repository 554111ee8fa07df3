import type { HostBannerInput } from '@kobana/platform';
import { NOTEBOOK_MCP_PATH } from './notebook.constants';

/** What the demo seeding hands the banner: the member to sign in as, and their password outside production. */
export interface NotebookDemo {
  email: string;
  /** `null` in production, where no password is printed. */
  password: string | null;
}

/** The lines printed once the server listens: where the MCP endpoint is, and whom to sign in as. */
export function renderNotebookBanner(input: HostBannerInput<NotebookDemo>): string {
  const lines = [
    '',
    `Notebook is running (listening on ${input.listening})`,
    '',
    `  MCP endpoint ${input.publicUrl}${NOTEBOOK_MCP_PATH}`,
    `  Database     ${input.database}`,
  ];
  const demo = input.demo;
  if (demo?.password) lines.push(`  Sign in as ${demo.email} / ${demo.password}`);
  else if (demo) lines.push(`  Sign in as ${demo.email} with the password NOTEBOOK_DEMO_PASSWORD gives (not printed in production)`);
  return [...lines, ''].join('\n') + '\n';
}
