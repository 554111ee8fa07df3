/**
 * An in-memory `OAuthClientProvider` for both official clients (SDK 1.x and
 * client 2.x share the shape): client information, tokens, PKCE verifier
 * and discovery state live in this object, and `redirectToAuthorization`
 * hands the URL to the person (Chromium) and keeps the redirect's query for
 * `finishAuth`.
 */
import { randomBytes } from 'node:crypto';

/** Client metadata the provider registers with (DCR) or publishes (document). */
export interface MemoryClientMetadata {
  client_name: string;
  redirect_uris: string[];
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: string;
  scope?: string;
}

/** Options of {@link MemoryOAuthProvider}. */
export interface MemoryOAuthProviderOptions {
  clientName: string;
  redirectUri: string;
  /** The client's metadata document URL: the SDKs use it as client_id when the server advertises support; otherwise they fall back to DCR. */
  clientMetadataUrl?: string;
  /** Called with the authorization URL; resolves with the query the redirect_uri received. */
  authorize(url: URL): Promise<URLSearchParams>;
}

/** Tokens as both SDKs hand them over. */
export interface StoredTokens {
  access_token: string;
  token_type: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
  issuer?: string;
  [key: string]: unknown;
}

/** Client information as both SDKs hand it over. */
export interface StoredClient {
  client_id: string;
  issuer?: string;
  [key: string]: unknown;
}

/** An OAuth client whose state lives in memory. */
export class MemoryOAuthProvider {
  readonly clientMetadataUrl?: string;
  /** Every authorization URL the SDK produced. */
  readonly authorizationUrls: URL[] = [];
  /** Every token set the SDK saved, oldest first. */
  readonly savedTokens: StoredTokens[] = [];
  /** The last redirect query (`code`, `state`, `iss` or `error`). */
  callback?: URLSearchParams;
  /** The state sent in the last authorization request. */
  sentState?: string;
  private client?: StoredClient;
  private current?: StoredTokens;
  private verifier?: string;
  private discovery?: unknown;

  constructor(private readonly options: MemoryOAuthProviderOptions) {
    this.clientMetadataUrl = options.clientMetadataUrl;
  }

  get redirectUrl(): string {
    return this.options.redirectUri;
  }

  get clientMetadata(): MemoryClientMetadata {
    return {
      client_name: this.options.clientName,
      redirect_uris: [this.options.redirectUri],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  state(): string {
    this.sentState = randomBytes(16).toString('base64url');
    return this.sentState;
  }

  clientInformation(): StoredClient | undefined {
    return this.client;
  }

  saveClientInformation(client: StoredClient): void {
    this.client = client;
  }

  tokens(): StoredTokens | undefined {
    return this.current;
  }

  saveTokens(tokens: StoredTokens): void {
    this.current = tokens;
    this.savedTokens.push(tokens);
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    this.authorizationUrls.push(url);
    this.callback = await this.options.authorize(url);
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error('no code verifier saved');
    return this.verifier;
  }

  saveDiscoveryState(state: unknown): void {
    this.discovery = state;
  }

  discoveryState(): any {
    return this.discovery;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'client') this.client = undefined;
    if (scope === 'all' || scope === 'tokens') this.current = undefined;
    if (scope === 'all' || scope === 'verifier') this.verifier = undefined;
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
  }

  /** Replaces the stored access token with one the server never issued, keeping the refresh token: the next call gets 401 and the SDK refreshes. */
  spoilAccessToken(): void {
    if (!this.current) throw new Error('no tokens to spoil');
    this.current = { ...this.current, access_token: `not-a-token-${randomBytes(8).toString('hex')}` };
  }

  /** The client_id the SDK used (the document URL, or the one DCR returned). */
  get clientId(): string | undefined {
    return this.client?.client_id;
  }
}
