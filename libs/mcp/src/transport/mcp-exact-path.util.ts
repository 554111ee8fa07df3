import { NotFoundException } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Middleware that makes the MCP path match exactly. Express matches routes
 * ignoring case and a trailing slash, per application, not per route, so
 * `/mcp/` and `/MCP` reached the endpoint; but the body parsers exempt the
 * exact path only, and the JSON parser consumed those bodies before the
 * endpoint could read them (400 "the request body could not be read").
 * Gateways and clients route on the exact path, so every other form is
 * answered as an unknown route is: Nest's 404, `Cannot <METHOD> <url>`,
 * through the host's filters, before any parser or guard.
 */
export function exactMcpPath(path: string): RequestHandler {
  const sameRoute = sameRouteAs(path);
  return Object.defineProperty(
    (req: Request, _res: Response, next: NextFunction) =>
      req.path !== path && sameRoute.test(req.path) ? next(new NotFoundException(`Cannot ${req.method} ${req.originalUrl}`)) : next(),
    'name',
    { value: 'mcpExactPath' },
  );
}

/** The paths Express would route to `path`: any case, an optional trailing slash. */
export function sameRouteAs(path: string): RegExp {
  return new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?$`, 'i');
}
