import type { IncomingHttpHeaders } from 'node:http';
import type { McpContentBlock } from '../interfaces/mcp-content.interface';

/**
 * A JSON value as a test reads it: loosely typed on purpose, so a spec reads
 * `outcome.structuredContent.id` as it reads a supertest body.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test's view of JSON, like supertest's `body`
export type McpTestJson = any;

/** A JSON object as a test reads it. */
export type McpTestObject = Record<string, McpTestJson>;

/** The approval link a destructive call answered (`structuredContent.status: 'approval_required'`). */
export interface McpTestApprovalLink {
  id: string;
  url: string;
  expires_at: string;
}

/** A tool's answer, typed: what a client reads, plus what a test needs to confirm it. */
export interface McpToolOutcome<S = McpTestJson> {
  /** The tool's `isError` (`false` when absent). */
  isError: boolean;
  /** `structuredContent`, if any: a successful result's only (an error result carries none). */
  structuredContent: S | undefined;
  /**
   * With `isError`: the text parsed as JSON (the route's error body, such as
   * `{ statusCode: 404, message, error }`), or the text itself when it is not
   * JSON (a confirmation declined). `undefined` on success.
   */
  error: McpTestJson | undefined;
  /** The text blocks of `content`, joined with a line break (`undefined` when there is none). */
  text: string | undefined;
  content: McpContentBlock[];
  /** `complete`, or `input_required` when the server asks the person first (era 2026 with elicitation). */
  resultType: 'complete' | 'input_required';
  /** With `input_required`: what to ask, by key. */
  inputRequests?: Record<string, unknown>;
  /** With `input_required`: the signed state the retry must carry. */
  requestState?: string;
  /** Set when nothing ran and a person must approve on the host's page. */
  approval?: McpTestApprovalLink;
  /** The call that produced it, so `confirmWithElicitation()` and `approve()` can repeat it. */
  call: { name: string; arguments: Record<string, unknown> };
  /** The JSON-RPC `result` as it came. */
  result: McpTestObject;
  status: number;
  headers: IncomingHttpHeaders;
}

/** Builds the typed outcome of a `tools/call` result. */
export function toToolOutcome(call: McpToolOutcome['call'], result: McpTestObject, status: number, headers: IncomingHttpHeaders): McpToolOutcome {
  const content: McpContentBlock[] = Array.isArray(result.content) ? result.content : [];
  const texts = content.filter((block) => block.type === 'text').map((block) => (block as { text: string }).text);
  const structured = result.structuredContent;
  const isError = result.isError === true;
  const text = texts.length > 0 ? texts.join('\n') : undefined;
  const outcome: McpToolOutcome = {
    isError,
    structuredContent: structured,
    error: isError ? parsedOrText(text) : undefined,
    text,
    content,
    resultType: result.resultType === 'input_required' ? 'input_required' : 'complete',
    call,
    result,
    status,
    headers,
  };
  if (outcome.resultType === 'input_required') {
    outcome.inputRequests = result.inputRequests;
    outcome.requestState = result.requestState;
  }
  if (structured?.status === 'approval_required' && typeof structured.approval_id === 'string') {
    outcome.approval = { id: structured.approval_id, url: structured.approval_url, expires_at: structured.expires_at };
  }
  return outcome;
}

/** The error text as JSON when it is the route's body, else as it came. */
function parsedOrText(text: string | undefined): McpTestJson {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
