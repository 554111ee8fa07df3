/**
 * `@kobana/host-kit/telemetry`: the OpenTelemetry start-up of a host. A door
 * of its own, apart from `@kobana/host-kit`, because it must be loaded
 * before anything else: the main entry loads Nest and `pg`, which the
 * instrumentations must see being required.
 */
export { startTelemetry } from './telemetry.factory';
export type { TelemetryHandle } from './telemetry.factory';
