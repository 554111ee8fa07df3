import { Logger } from '@nestjs/common';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { ClientMetadataError } from './client-metadata/client-metadata.error';
import type { OAuthRecordsAdapter } from '../records/oauth-records.store';
import type { ClientMetadataDocument, ClientMetadataSource } from '../interfaces/client-metadata-source.interface';
import { OAuthMessages } from '../oauth.messages';
import { applicationTypeOf } from './redirect-uri.policy';

/** Builds the error oidc-provider answers `invalid_client` with. */
export type InvalidClientFactory = (description: string) => Error;

/**
 * The `Client` model's storage: registered clients (Dynamic Client
 * Registration) from the database; a `client_id` that is a metadata-document
 * URL is the document the {@link ClientMetadataSource} resolves, never stored.
 * A document that cannot be used is `invalid_client` with the reason the
 * source gives ({@link ClientMetadataError}); any other failure with a
 * generic one, its cause in the log.
 */
export class MetadataDocumentClients implements Adapter {
  private readonly logger = new Logger(MetadataDocumentClients.name);

  constructor(
    private readonly registered: OAuthRecordsAdapter,
    private readonly source: ClientMetadataSource | undefined,
    private readonly invalidClient: InvalidClientFactory,
  ) {}

  async find(id: string): Promise<AdapterPayload | undefined> {
    if (!this.source?.isMetadataUrl(id)) return this.registered.find(id);
    let document: ClientMetadataDocument;
    try {
      document = await this.source.resolve(id);
    } catch (error) {
      if (error instanceof ClientMetadataError) throw this.invalidClient(OAuthMessages.metadataDocumentRefused(error.message));
      this.logger.error(`Resolving the client metadata document ${id} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      throw this.invalidClient(OAuthMessages.metadataDocumentRefused(OAuthMessages.metadataDocumentFailed()));
    }
    return clientFromDocument(id, document);
  }

  upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    return this.registered.upsert(id, payload, expiresIn);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.registered.findByUid(uid);
  }

  findByUserCode(): Promise<AdapterPayload | undefined> {
    return this.registered.findByUserCode();
  }

  consume(id: string): Promise<void> {
    return this.registered.consume(id);
  }

  destroy(id: string): Promise<void> {
    return this.registered.destroy(id);
  }

  revokeByGrantId(grantId: string): Promise<void> {
    return this.registered.revokeByGrantId(grantId);
  }
}

/** The client a document describes: always public, only the code flow, its own redirect URIs and name. */
function clientFromDocument(id: string, document: ClientMetadataDocument): AdapterPayload {
  const optional = { client_name: document.client_name, client_uri: document.client_uri, logo_uri: document.logo_uri };
  return {
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
    client_id: id,
    redirect_uris: document.redirect_uris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    application_type: applicationTypeOf(document.redirect_uris, document.application_type),
    kobana_client_source: 'metadata_document',
  };
}
