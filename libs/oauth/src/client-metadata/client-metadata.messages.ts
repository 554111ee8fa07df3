/** What the client metadata source says: `invalid_client` descriptions, and the start-up refusal. */
export const CLIENT_METADATA_MESSAGES = {
  notMetadataUrl: (clientId: string) =>
    `client_id ${JSON.stringify(clientId)} is not a client metadata document URL (https, a path, no fragment, no credentials, no dot segments)`,
  unreachable: (url: string, reason: string) => `the client metadata document at ${url} could not be fetched: ${reason}`,
  redirected: (url: string, status: number) => `the client metadata document at ${url} answered a redirect (HTTP ${status}), which is not followed`,
  notOk: (url: string, status: number) => `the client metadata document at ${url} answered HTTP ${status}, not 200`,
  tooLarge: (url: string, max: number) => `the client metadata document at ${url} is larger than ${max} bytes`,
  notJson: (url: string) => `the client metadata document at ${url} is not JSON`,
  notObject: (url: string) => `the client metadata document at ${url} is not a JSON object`,
  clientIdMismatch: (url: string) => `the client metadata document at ${url} has a client_id that is not its own URL`,
  invalidField: (url: string, field: string, rule: string) => `the client metadata document at ${url} is invalid: ${field} ${rule}`,
  loopbackInProduction: (setting: string) =>
    `Refusing to start with NODE_ENV=production: ${setting} lets client metadata documents come from loopback addresses, which is for development only. Unset it.`,
} as const;
