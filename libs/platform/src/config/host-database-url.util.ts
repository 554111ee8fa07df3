import type { HostDescriptor } from '../host-descriptor.interface';

/** @default of `DATABASE_URL`: a file under `./data` named after the host, created on first start. */
export function defaultDatabaseUrl(host: Pick<HostDescriptor, 'name'>): string {
  return `sqlite:./data/${host.name}.sqlite`;
}
