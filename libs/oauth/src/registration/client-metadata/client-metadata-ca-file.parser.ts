import { readFileSync } from 'node:fs';
import { ConfigurationError } from '@kobana/host-kit';

/**
 * Reads the PEM file a host setting names, at start-up, for the
 * `ca` option. Unset → undefined (the system trust store alone).
 *
 * @throws ConfigurationError naming the setting when the file cannot be read or holds no certificate.
 */
export function readClientMetadataCaFile(setting: string, path: string | undefined): string | undefined {
  if (path === undefined || path === '') return undefined;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigurationError([`${setting}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`]);
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----')) throw new ConfigurationError([`${setting}: ${path} holds no PEM certificate`]);
  return text;
}
