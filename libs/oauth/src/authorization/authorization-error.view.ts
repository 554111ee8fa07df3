import { html, PAGE_HEADERS, pageHtml } from '@kobana/pages';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { OAuthMessages } from '../oauth.messages';

/** An authorization error as the page shows it. */
export interface AuthorizationErrorOut {
  error: string;
  error_description?: string;
}

/**
 * What a person's browser shows when an authorization does not go back to
 * the client: the host's page style and headers (CSP, no framing), the error
 * in words. oidc-provider's `renderError`, and the page the error-redirect
 * policy answers instead of a redirect.
 */
export function renderAuthorizationError(ctx: KoaContextWithOIDC, out: AuthorizationErrorOut): void {
  ctx.type = 'html';
  ctx.set({ ...PAGE_HEADERS });
  const description = out.error_description ? html`<p id="error-description">${String(out.error_description)}</p>` : null;
  ctx.body = pageHtml(
    OAuthMessages.errorTitle(),
    html`<h1>${OAuthMessages.errorTitle()}</h1><p class="error" id="error"><code>${String(out.error)}</code></p>${description}<p>${OAuthMessages.errorAdvice()}</p>`,
  );
}
