/** Every user-facing text of the authorization server (consent page, protocol error descriptions). */
export const OAuthMessages = {
  resourceRequired: () => 'The resource parameter (RFC 8707) is required: the URL of the MCP endpoint the token is for.',
  unknownResource: (resource: string) => `This server issues tokens only for ${resource}.`,
  oneResource: () => 'Give one resource parameter (RFC 8707): a token of this server is for one resource only.',
  redirectUriScheme: (uri: string) =>
    `redirect_uris must use https, or http on a loopback address (127.0.0.1, [::1] or localhost) for native applications; "${uri}" does neither`,
  registrationUnavailable: () => 'Client registration is unavailable for a moment; try again in a few seconds.',
  registrationThrottled: (seconds: number) => `Too many client registrations from this address; try again in ${seconds} seconds.`,
  metadataDocumentRefused: (reason: string) => `The client ID metadata document could not be used: ${reason}`,
  metadataDocumentFailed: () => 'it could not be resolved',
  responseModeQueryOnly: () => 'This server answers authorization requests with response_mode=query only.',
  denied: () => 'The person denied the application access.',
  consentTitle: () => 'Allow access?',
  asksAccess: (host: string) => `asks to use ${host} on your behalf`,
  inOrganization: () => 'in the organization',
  fromDocument: (host: string) => `Its identity is published at ${host}.`,
  selfRegistered: () => 'This application registered itself with this server; nothing vouches for its name.',
  redirectsTo: (host: string) => `After you decide, your browser goes to ${host}, with the answer.`,
  loopbackWarning: (host: string) =>
    `${host} is this computer: the access goes to whichever program on this computer is listening there, whatever name it gives. ` +
    'Allow only if you have just started this application yourself.',
  newScopesIntro: () => 'It already has some access; it now also asks to:',
  scopesIntro: () => 'It will be able to:',
  noScopes: () => 'It asks for no permission beyond signing you in.',
  allow: () => 'Allow',
  deny: () => 'Deny',
  errorTitle: () => 'Authorization failed',
  errorAdvice: () => 'Go back to the application and start again; if this keeps happening, tell its developer what this page says.',
  notFoundTitle: () => 'Request not found',
  notFound: () => 'This authorization request does not exist or has expired. Start again from the application.',
  csrfTitle: () => 'Form expired',
  csrf: () => 'This form is no longer valid. Reload the page and try again.',
} as const;
