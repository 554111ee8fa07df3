import { McpConfirmationMessages } from './mcp-confirmation.messages';

/** Longest description of what a call acts on: it is shown in a chat and stored with the approval. */
export const MAX_SUBJECT_CHARS = 500;

/**
 * What a `confirmation.describe` hook answered, as the words shown to the
 * person: text, trimmed and bounded; nothing (the title and arguments only)
 * for `undefined`, `null` or blank. Anything else is the hook's bug.
 */
export function confirmationSubject(value: unknown, owner: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new Error(McpConfirmationMessages.invalidSubject(owner));
  const text = value.trim();
  if (text === '') return undefined;
  return text.length <= MAX_SUBJECT_CHARS ? text : `${text.slice(0, MAX_SUBJECT_CHARS - 1)}…`;
}
