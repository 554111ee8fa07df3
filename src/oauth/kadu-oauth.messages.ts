import type { OAuthScopeDescription } from '@kobana/oauth';

/** Kadu's scopes in the words its consent page shows, in the order it lists them. */
export const KADU_OAUTH_SCOPES: OAuthScopeDescription[] = [
  { scope: 'kadu:read', description: 'See your organization’s tasks, executions and files' },
  { scope: 'kadu:write', description: 'Create, change and delete tasks, files and webhooks' },
  { scope: 'kadu:run', description: 'Run tasks' },
];
