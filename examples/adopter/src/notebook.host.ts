import { defineHost } from '@kobana/platform';
import { DEMO_MEMBER, DEMO_ORGANIZATION } from './members/demo-member.constants';
import { MembersStore } from './members/members.store';
import { NotebookDemo, notebookDemoLines } from './notebook-banner.view';
import { NOTEBOOK_MCP_PATH, NOTEBOOK_ROLES, NOTEBOOK_SCOPES } from './notebook.constants';
import { NotesModule } from './notes/notes.module';

/**
 * The Notebook: an application with members of its own, hosted by the
 * platform. Its members sign in on the platform's pages (through
 * `MembersStore`, the `People` it names), and its one service is the MCP
 * tool `notes_list`; the platform does the rest (configuration, database,
 * authorization server, consent, the audit trail and its tool, health, the
 * MCP endpoint).
 */
export const NOTEBOOK = defineHost<object, NotebookDemo>({
  name: 'notebook',
  title: 'Notebook',
  tokenPrefix: 'nbk',
  envPrefix: 'NOTEBOOK_',
  roles: NOTEBOOK_ROLES,
  scopes: [
    { scope: NOTEBOOK_SCOPES.read, description: 'Read the notes of your organization' },
    { scope: NOTEBOOK_SCOPES.audit, description: 'See what AI clients did in your organization' },
  ],
  // The platform's tool notebook_audit_events_list: listed to every member, read by those MembersStore.may allows.
  auditScope: NOTEBOOK_SCOPES.audit,
  // The members and notes live in memory: no migration of its own. The platform adds identity's tables, where
  // it keeps its records of the members it confirmed (what its OAuth records, approvals and audit events point at).
  people: { useFactory: () => new MembersStore({ organizations: [DEMO_ORGANIZATION], members: [DEMO_MEMBER] }) },
  mcp: {
    path: NOTEBOOK_MCP_PATH,
    instructions: "The Notebook holds the notes of the signed-in member's organization. notes_list lists them, newest first.",
  },
  api: [NotesModule],
  demo: {
    // The member is the application's, not identity's: nothing to seed, only whom to sign in as.
    seed: async (_identity, { credentials }) => ({
      organizationSlug: DEMO_ORGANIZATION.slug,
      ownerEmail: DEMO_MEMBER.email,
      ownerPassword: credentials ? DEMO_MEMBER.password : null,
    }),
    lines: notebookDemoLines,
  },
  cli: { command: 'node dist/cli.js' },
});
