/**
 * Test helpers for destructive Kadu tools (docs/protocol.md §7): without
 * elicitation, such a call answers an approval link; these helpers play the
 * person who chooses Continue, through the store the approval page uses.
 */
import { DatabaseConfirmationStore } from '@kobana/approvals';
import { KaduTestApp } from '../support/kadu-app';

/** Chooses Continue on the approval, as its subject. */
export async function approveViaStore(kadu: KaduTestApp, approvalId: string): Promise<void> {
  const store = kadu.app.get(DatabaseConfirmationStore);
  const approval = await store.findApproval(approvalId);
  if (!approval || !(await store.decideApproval(approvalId, 'approved', approval.subject, new Date()))) {
    throw new Error(`approval ${approvalId} is not pending`);
  }
}

/**
 * `fetch` of an MCP `tools/call`; when the answer is an approval link, approves
 * it and sends the identical request again (what a person-in-the-loop client
 * does). Other answers are returned as they came.
 */
export async function fetchApproved(kadu: KaduTestApp, url: string, init: RequestInit): Promise<Response> {
  const first = await fetch(url, init);
  const text = await first.text();
  const approvalId = approvalIdOf(text);
  if (approvalId === undefined) return new Response(text, { status: first.status, headers: first.headers });
  await approveViaStore(kadu, approvalId);
  return fetch(url, init);
}

function approvalIdOf(text: string): string | undefined {
  try {
    const content = (JSON.parse(text) as { result?: { structuredContent?: { status?: unknown; approval_id?: unknown } } }).result?.structuredContent;
    return content?.status === 'approval_required' && typeof content.approval_id === 'string' ? content.approval_id : undefined;
  } catch {
    return undefined;
  }
}
