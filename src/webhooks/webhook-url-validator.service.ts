import { BadRequestException, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { lookup } from 'node:dns/promises';
import { isPublicAddress } from '@kobana/outbound';
import { KaduConfig } from '../config/kadu-config.interface';
import { checkWebhookUrlHost } from './webhook-url-host.policy';
import { WEBHOOK_URL_MESSAGES as MESSAGES } from './webhook-url.messages';

/**
 * Checks a webhook URL when an endpoint is saved: its host must be one the
 * host policy accepts (the same answer on every Node version), and resolve
 * only to public addresses (SSRF), unless `KADU_WEBHOOKS_ALLOW_PRIVATE=true`.
 * The sender checks the address again at connection time, since DNS answers change.
 */
@Injectable()
export class WebhookUrlValidator {
  private readonly allowPrivate: boolean;

  constructor(config: ConfigService<KaduConfig, true>) {
    this.allowPrivate = config.get('KADU_WEBHOOKS_ALLOW_PRIVATE', { infer: true });
  }

  /** @throws BadRequestException in the shape of a validation error, naming the field. */
  async check(url: string): Promise<void> {
    const verdict = checkWebhookUrlHost(url);
    if (!verdict.ok) throw new BadRequestException([verdict.message]);
    if (this.allowPrivate) return;
    const { kind, name } = verdict.host;
    let addresses: string[];
    try {
      addresses = kind === 'dns' ? (await lookup(name, { all: true })).map((entry) => entry.address) : [name];
    } catch {
      throw new BadRequestException([MESSAGES.doesNotResolve(name)]);
    }
    if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
      throw new BadRequestException([MESSAGES.notPublic]);
    }
  }
}
