/** What the client metadata source says: `invalid_client` descriptions, and the start-up refusal. */
export const CLIENT_METADATA_MESSAGES = {
  notMetadataUrl: (clientId: string) =>
    `client_id ${JSON.stringify(clientId)} is not a client metadata document URL (https, a path, no fragment, no credentials, no dot segments)`,
  /** The same for every failure before an answer: which names exist or answer inside the network is not for the client to learn. */
  unreachable: (url: string) => `the client metadata document at ${url} could not be fetched`,
  /** For the log only: the reason the client is not told. */
  unreachableLogged: (url: string, reason: string) => `Client metadata document ${url} could not be fetched: ${reason}`,
  busy: (host: string, perHost: number, total: number) =>
    `too many client metadata documents being fetched (${perHost} at once from ${host}, ${total} in all); not fetched`,
  redirected: (url: string, status: number) => `the client metadata document at ${url} answered a redirect (HTTP ${status}), which is not followed`,
  notOk: (url: string, status: number) => `the client metadata document at ${url} answered HTTP ${status}, not 200`,
  tooLarge: (url: string, max: number) => `the client metadata document at ${url} is larger than ${max} bytes`,
  notJson: (url: string) => `the client metadata document at ${url} is not JSON`,
  notObject: (url: string) => `the client metadata document at ${url} is not a JSON object`,
  clientIdMismatch: (url: string) => `the client metadata document at ${url} has a client_id that is not its own URL`,
  overLimit: (url: string, bound: string) => `the client metadata document at ${url} is invalid: ${bound}`,
  invalidField: (url: string, field: string, rule: string) => `the client metadata document at ${url} is invalid: ${field} ${rule}`,
  loopbackInProduction: (setting: string) =>
    `Refusing to start with NODE_ENV=production: ${setting} lets client metadata documents come from loopback addresses, which is for development only. Unset it.`,
} as const;
