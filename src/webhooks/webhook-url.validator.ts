import { BadRequestException, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPublicAddress } from '@kobana/outbound';
import { KaduConfig } from '../config/kadu-config.interface';

/**
 * Refuses, when an endpoint is saved, a URL whose host resolves to a
 * non-public address (SSRF), unless `KADU_WEBHOOKS_ALLOW_PRIVATE=true`.
 * The sender checks again at connection time, since DNS answers change.
 */
@Injectable()
export class WebhookUrlValidator {
  private readonly allowPrivate: boolean;

  constructor(config: ConfigService<KaduConfig, true>) {
    this.allowPrivate = config.get('KADU_WEBHOOKS_ALLOW_PRIVATE', { infer: true });
  }

  /** @throws BadRequestException in the shape of a validation error, naming the field. */
  async check(url: string): Promise<void> {
    let host: string;
    try {
      host = new URL(url).hostname;
    } catch {
      // @IsUrl() lets through what the WHATWG parser of the sender refuses (`http://xn--a.com`, `http://0x100000000`): never deliverable.
      throw new BadRequestException(['url must be a URL address']);
    }
    if (this.allowPrivate) return;
    const hostname = host.replace(/^\[(.*)\]$/, '$1');
    let addresses: string[];
    try {
      addresses = isIP(hostname) ? [hostname] : (await lookup(hostname, { all: true })).map((entry) => entry.address);
    } catch {
      throw new BadRequestException([`url host ${hostname} does not resolve`]);
    }
    if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
      throw new BadRequestException(['url must point to a public internet address']);
    }
  }
}
