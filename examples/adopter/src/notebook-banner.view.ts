import type { HostDemoSeed } from '@kobana/platform';

/** What the demo "seeding" hands the banner: the member to sign in as, with their password outside production. */
export type NotebookDemo = HostDemoSeed;

/**
 * The banner's lines after where to connect: whom to sign in as. The member
 * is the application's own, so even in production there is no identity
 * password to reset: the line says where the password comes from instead.
 */
export function notebookDemoLines(demo: NotebookDemo): string[] {
  if (demo.ownerPassword) return [`  Sign in as ${demo.ownerEmail} / ${demo.ownerPassword}`];
  return [`  Sign in as ${demo.ownerEmail} with the password NOTEBOOK_DEMO_PASSWORD gives (not printed in production)`];
}
