import { randomBytes } from 'node:crypto';
import type { Organization } from '@kobana/people';
import type { MemberEntry } from './member.interface';

/** The one organization of the example. */
export const DEMO_ORGANIZATION: Organization = { id: 'org-acme', slug: 'acme', name: 'Acme Notes' };

/**
 * The example's one member, an owner of {@link DEMO_ORGANIZATION}. The
 * password is `NOTEBOOK_DEMO_PASSWORD` when set, otherwise generated once per
 * process, so the members list and the start-up banner agree on it.
 */
export const DEMO_MEMBER: MemberEntry = {
  id: 'member-ana',
  organization_id: DEMO_ORGANIZATION.id,
  email: 'ana@acme.example',
  role: 'owner',
  display_name: 'Ana',
  password: process.env.NOTEBOOK_DEMO_PASSWORD || randomBytes(12).toString('base64url'),
};
