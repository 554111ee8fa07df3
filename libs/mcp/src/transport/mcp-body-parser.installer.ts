import { Inject, Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import * as express from 'express';
import { MCP_RESOLVED_OPTIONS } from '../mcp.constants';
import { McpResolvedOptions } from '../interfaces/mcp-module-options.interface';

/**
 * Nest's global body parsers would read the MCP body before any guard runs:
 * before authentication, with their own size limit and their own error pages.
 * The module installs Nest's default parsers itself, under the names Nest
 * looks for (so Nest does not add its own), and exempts the MCP path, whose
 * body the message guard reads after the token is verified.
 *
 * It runs as soon as the HTTP adapter exists, which is before `app.init()`
 * registers parsers, both with `NestFactory.create` and with the testing module.
 */
@Injectable()
export class McpBodyParserInstaller {
  constructor(adapterHost: HttpAdapterHost, @Inject(MCP_RESOLVED_OPTIONS) options: McpResolvedOptions) {
    if (!options.installBodyParsers) return;
    adapterHost.init$.subscribe(() => {
      const adapter = adapterHost.httpAdapter;
      if (adapter?.getType() !== 'express') return;
      const verify = options.rawBody ? keepRawBody : undefined;
      // The API's routes get the same limit as the MCP endpoint (the seeds: "the same as the API").
      const limit = options.maxBodyBytes;
      const exempt = (name: string, parser: RequestHandler) =>
        Object.defineProperty(
          (req: Request, res: Response, next: NextFunction) => (req.path === options.path ? next() : parser(req, res, next)),
          'name',
          { value: name },
        );
      adapter.use(exempt('jsonParser', express.json({ verify, limit })));
      adapter.use(exempt('urlencodedParser', express.urlencoded({ extended: true, verify, limit })));
    });
  }
}

function keepRawBody(req: Request & { rawBody?: Buffer }, _res: Response, buffer: Buffer): void {
  req.rawBody = buffer;
}
