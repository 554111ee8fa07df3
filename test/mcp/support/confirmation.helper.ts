import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { decide } from './confirmation.fixture';

/**
 * Calls a destructive tool the way a person-in-the-loop client does in era
 * 2025: the call answers an approval link, the person chooses Continue, the
 * identical call runs. `send` must build a fresh request each time.
 */
export async function callApproved(app: INestApplication, send: () => PromiseLike<request.Response>): Promise<request.Response> {
  const first = await send();
  const approvalId = first.body?.result?.structuredContent?.approval_id;
  if (first.body?.result?.structuredContent?.status !== 'approval_required' || typeof approvalId !== 'string') {
    throw new Error(`expected an approval link, got ${first.text}`);
  }
  await decide(app, approvalId, 'approved');
  return send();
}
