/** Every message of the confirmation of destructive tools (docs/protocol.md §7), in one place. */
export const McpConfirmationMessages = {
  /** The elicitation's message: what will happen, in words. */
  confirmPrompt: (title: string, summary: string) =>
    summary === '' ? `${title} will run now. This cannot be undone. Continue?` : `${title} will run with ${summary}. This cannot be undone. Continue?`,
  /** The elicitation's message when the tool's `describe` hook named what the call acts on. */
  confirmSubjectPrompt: (title: string, subject: string) => `${title}: ${subject}. This cannot be undone. Continue?`,
  invalidSubject: (owner: string) => `The confirmation.describe hook of ${owner} must return a string (or nothing)`,
  confirmTitle: () => 'Continue',
  declined: (title: string) => `Cancelled, nothing was done: the person did not confirm ${title}.`,
  invalidState: () => 'Invalid requestState',
  invalidAnswer: () => 'Invalid params: "inputResponses.confirm" must be { "action": "accept" | "decline" | "cancel", "content"?: object }',
  approvalRequired: (title: string, tool: string, url: string, expiresAt: string) =>
    `Nothing was done yet: ${title} needs the person's approval. Show them this link: ${url} . ` +
    `After they choose Continue there, call ${tool} again with exactly the same arguments. The link expires at ${expiresAt}.`,
  approvalUrlPrompt: (title: string, tool: string, expiresAt: string) =>
    `${title} needs your approval on this server's page: sign in there and choose Continue or Cancel. ` +
    `Then ${tool} is called again and runs once; the page expires at ${expiresAt}.`,
  approvalCancelled: (title: string, tool: string) =>
    `Cancelled, nothing was done: the person chose Cancel on the approval page for ${title}. Calling ${tool} again starts a new approval.`,
  approvalExpired: (title: string, tool: string) => `Expired, nothing was done: nobody approved ${title} in time. Calling ${tool} again starts a new approval.`,
} as const;
