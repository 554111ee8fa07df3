import { DEMO_ORGANIZATION } from '../members/demo-member.constants';
import type { NoteView } from './note.view';

/** A note and the organization it belongs to. */
export interface NoteRecord extends NoteView {
  organization_id: string;
}

/** The notes the example starts with; an application keeps its own in its database. */
export const NOTES: readonly NoteRecord[] = [
  {
    id: 'note-1',
    organization_id: DEMO_ORGANIZATION.id,
    title: 'Welcome',
    body: 'Every member of Acme Notes reads this note.',
    created_at: '2026-01-05T09:00:00.000Z',
  },
  {
    id: 'note-2',
    organization_id: DEMO_ORGANIZATION.id,
    title: 'Quarterly review',
    body: 'Numbers are due on Friday.',
    created_at: '2026-03-02T14:30:00.000Z',
  },
  {
    id: 'note-3',
    organization_id: 'org-elsewhere',
    title: 'Not yours',
    body: 'Another organization: never listed to an Acme member.',
    created_at: '2026-04-01T08:00:00.000Z',
  },
];
