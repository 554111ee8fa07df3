import { Logger } from '@nestjs/common';
import { guardedRequest } from '@kobana/outbound';
import type { ClientMetadataDocument, ClientMetadataSource } from '../../interfaces/client-metadata-source.interface';
import { ClientMetadataCache, freshnessSeconds } from './client-metadata-cache.store';
import { ClientMetadataError } from './client-metadata.error';
import { ClientMetadataFetchSlots } from './client-metadata-fetch-slots.service';
import { CLIENT_METADATA_MESSAGES } from './client-metadata.messages';
import { ClientMetadataOptions, ResolvedClientMetadataOptions, resolveClientMetadataOptions } from './client-metadata.options';
import { ClientMetadataPolicyError } from './client-metadata-policy.error';
import { isClientMetadataUrl } from './client-metadata-url.policy';
import { validateClientMetadata } from './client-metadata.parser';

/**
 * The {@link ClientMetadataSource} of draft-ietf-oauth-client-id-metadata-document:
 * a `client_id` that is an https URL is fetched with a GET through the
 * outbound guard (`@kobana/outbound`: no private, loopback or link-local
 * target, checked at connect time; no redirects; bounded size; a timeout),
 * validated, and cached by its HTTP cache headers. Failures are remembered
 * briefly, and concurrent resolutions of one URL share one fetch. A fetch
 * that gets no answer fails with one message for every cause (refused
 * address, unknown name, timeout, TLS), the cause going to the log only; the
 * fetches in flight are bounded per host and in all (`docs/security-model.md`,
 * "Client metadata documents: errors and fetches in flight").
 */
export class ClientMetadataDocuments implements ClientMetadataSource {
  private readonly options: ResolvedClientMetadataOptions;
  private readonly cache: ClientMetadataCache;
  private readonly inFlight = new Map<string, Promise<ClientMetadataDocument>>();
  private readonly slots: ClientMetadataFetchSlots;
  private readonly logger = new Logger(ClientMetadataDocuments.name);

  constructor(options: ClientMetadataOptions = {}) {
    this.options = resolveClientMetadataOptions(options);
    this.cache = new ClientMetadataCache(this.options.maxCacheEntries, this.options.now);
    this.slots = new ClientMetadataFetchSlots(this.options.maxFetchesPerHost, this.options.maxFetches);
  }

  /**
   * Refuses development-only options in production. Run by Nest at start-up,
   * as the host's key checks are (so the refusal is one line, without a
   * stack), and before every resolution for a caller outside Nest.
   *
   * @throws ClientMetadataPolicyError when `allowLoopback` is set in production.
   */
  onModuleInit(): void {
    if (this.options.allowLoopback && this.options.production) {
      throw new ClientMetadataPolicyError(CLIENT_METADATA_MESSAGES.loopbackInProduction(this.options.allowLoopbackSetting));
    }
  }

  /** {@inheritDoc ClientMetadataSource.isMetadataUrl} */
  isMetadataUrl(clientId: string): boolean {
    return isClientMetadataUrl(clientId);
  }

  /** {@inheritDoc ClientMetadataSource.resolve} */
  resolve(clientId: string): Promise<ClientMetadataDocument> {
    try {
      this.onModuleInit();
    } catch (error) {
      return Promise.reject(error as Error);
    }
    if (!this.isMetadataUrl(clientId)) return Promise.reject(new ClientMetadataError(CLIENT_METADATA_MESSAGES.notMetadataUrl(clientId)));
    const cached = this.cache.get(clientId);
    if (cached) return cached.error ? Promise.reject(cached.error) : Promise.resolve(cached.document);
    let pending = this.inFlight.get(clientId);
    if (!pending) {
      pending = this.fetchAndCache(clientId).finally(() => this.inFlight.delete(clientId));
      this.inFlight.set(clientId, pending);
    }
    return pending;
  }

  private async fetchAndCache(url: string): Promise<ClientMetadataDocument> {
    const host = new URL(url).host;
    const release = this.slots.take(host);
    if (!release) {
      // Not remembered: the document is not at fault, and another moment may find a slot.
      this.logger.warn(
        CLIENT_METADATA_MESSAGES.unreachableLogged(url, CLIENT_METADATA_MESSAGES.busy(host, this.options.maxFetchesPerHost, this.options.maxFetches)),
      );
      throw new ClientMetadataError(CLIENT_METADATA_MESSAGES.unreachable(url));
    }
    try {
      const { document, cacheControl } = await this.fetch(url);
      this.cache.set(url, { document }, freshnessSeconds(cacheControl, this.options));
      return document;
    } catch (error) {
      const failure = error instanceof ClientMetadataError ? error : this.unreachable(url, String(error));
      this.cache.set(url, { error: failure }, this.options.failureCacheSeconds);
      throw failure;
    } finally {
      release();
    }
  }

  /** The client's error for a fetch that got no answer; why goes to the log. */
  private unreachable(url: string, reason: string): ClientMetadataError {
    this.logger.warn(CLIENT_METADATA_MESSAGES.unreachableLogged(url, reason));
    return new ClientMetadataError(CLIENT_METADATA_MESSAGES.unreachable(url));
  }

  private async fetch(url: string): Promise<{ document: ClientMetadataDocument; cacheControl: string | undefined }> {
    const answer = await guardedRequest({
      url,
      method: 'GET',
      headers: { Accept: 'application/json' },
      timeoutMs: this.options.timeoutMs,
      maxResponseBytes: this.options.maxDocumentBytes,
      reach: this.options.allowLoopback ? 'public-and-loopback' : 'public',
      ca: this.options.ca,
    });
    if (!answer.ok) throw this.unreachable(url, answer.error);
    if (answer.status >= 300 && answer.status < 400) throw new ClientMetadataError(CLIENT_METADATA_MESSAGES.redirected(url, answer.status));
    if (answer.status !== 200) throw new ClientMetadataError(CLIENT_METADATA_MESSAGES.notOk(url, answer.status));
    if (answer.truncated) throw new ClientMetadataError(CLIENT_METADATA_MESSAGES.tooLarge(url, this.options.maxDocumentBytes));
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.body.toString('utf8'));
    } catch {
      throw new ClientMetadataError(CLIENT_METADATA_MESSAGES.notJson(url));
    }
    return { document: validateClientMetadata(url, parsed), cacheControl: answer.headers['cache-control'] };
  }
}
