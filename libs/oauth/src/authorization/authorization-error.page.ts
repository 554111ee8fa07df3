import { escapeHtml, PAGE_HEADERS, pageHtml } from '@kobana/approvals';
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
  const description = out.error_description ? `<p id="error-description">${escapeHtml(String(out.error_description))}</p>` : '';
  ctx.body = pageHtml(
    OAuthMessages.errorTitle(),
    `<h1>${escapeHtml(OAuthMessages.errorTitle())}</h1><p class="error" id="error"><code>${escapeHtml(String(out.error))}</code></p>${description}` +
      `<p>${escapeHtml(OAuthMessages.errorAdvice())}</p>`,
  );
}
