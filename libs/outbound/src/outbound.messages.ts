/**
 * Why an outbound request failed, as recorded (webhook attempts) or passed
 * on (client metadata errors). The wording is what Kadu's webhook deliveries
 * have always recorded.
 */
export const OUTBOUND_MESSAGES = {
  invalidUrl: 'invalid URL',
  unsupportedScheme: (protocol: string) => `unsupported scheme ${protocol.replace(/:$/, '')}`,
  literalRefused: (address: string) => `refused: ${address} is a non-public address`,
  nameRefused: (hostname: string) => `refused: ${hostname} resolves to a non-public address`,
  timedOut: (ms: number) => `timed out after ${ms} ms`,
} as const;
