'use strict';
/**
 * Preloaded into the conformance suite's Node process (NODE_OPTIONS=--require):
 * the suite has no option for an Authorization header, so this adds
 * `Authorization: Bearer $CONFORMANCE_BEARER_TOKEN` to every request it makes
 * to `$CONFORMANCE_TARGET_ORIGIN` (the loopback fixture host) that carries no
 * Authorization of its own. The three ways the suite speaks HTTP are
 * covered: global `fetch` (the SDK client transport, the raw 2026 requests),
 * `undici.request` (dns-rebinding-protection) and `http.request` (the
 * SEP-2243 header scenarios, which need exact header casing). Requests to any
 * other origin are left untouched, and nothing happens when the variables
 * are unset.
 */
const token = process.env.CONFORMANCE_BEARER_TOKEN;
const target = process.env.CONFORMANCE_TARGET_ORIGIN;

if (token && target) {
  const authorization = `Bearer ${token}`;
  const hasAuthorization = (headers) => Object.keys(headers || {}).some((name) => name.toLowerCase() === 'authorization');
  const isTarget = (url) => {
    try {
      return new URL(String(url)).origin === target;
    } catch {
      return false;
    }
  };

  const originalFetch = globalThis.fetch;
  globalThis.fetch = function fetchWithBearer(input, init) {
    const url = typeof input === 'string' || input instanceof URL ? input : input && input.url;
    if (!isTarget(url)) return originalFetch(input, init);
    const headers = new Headers((init && init.headers) || (input instanceof Request ? input.headers : undefined));
    if (!headers.has('authorization')) headers.set('authorization', authorization);
    return originalFetch(input, { ...init, headers });
  };

  // The suite's own copy of undici: resolved from the suite package being run.
  const suiteDir = process.env.CONFORMANCE_SUITE_DIR;
  let undici;
  try {
    undici = require(require.resolve('undici', suiteDir ? { paths: [suiteDir] } : undefined));
  } catch {
    undici = undefined;
  }
  if (undici && typeof undici.request === 'function') {
    const originalRequest = undici.request;
    undici.request = function requestWithBearer(url, options = {}, ...rest) {
      if (!isTarget(url)) return originalRequest.call(this, url, options, ...rest);
      const headers = { ...(options.headers || {}) };
      if (!hasAuthorization(headers)) headers.authorization = authorization;
      return originalRequest.call(this, url, { ...options, headers }, ...rest);
    };
  }

  // node:http — request(options[, cb]) and request(url[, options][, cb]).
  const http = require('http');
  const originalHttpRequest = http.request;
  http.request = function requestWithBearer(...args) {
    const hasUrl = typeof args[0] === 'string' || args[0] instanceof URL;
    const options = hasUrl ? (typeof args[1] === 'object' && args[1] !== null ? args[1] : {}) : args[0] || {};
    const url = hasUrl ? String(args[0]) : `http://${options.hostname || options.host || 'localhost'}:${options.port || 80}`;
    if (isTarget(url) && !hasAuthorization(options.headers)) {
      const withAuth = { ...options, headers: { ...(options.headers || {}), Authorization: authorization } };
      if (!hasUrl) args[0] = withAuth;
      else if (typeof args[1] === 'object' && args[1] !== null) args[1] = withAuth;
      else args.splice(1, 0, withAuth);
    }
    return originalHttpRequest.apply(this, args);
  };
}
