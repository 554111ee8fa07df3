/**
 * The client metadata options cannot be used here (development-only options
 * with NODE_ENV=production). One line that says what to change, so the
 * start-up failure needs no stack.
 */
export class ClientMetadataPolicyError extends Error {
  override readonly name = 'ClientMetadataPolicyError';
}
