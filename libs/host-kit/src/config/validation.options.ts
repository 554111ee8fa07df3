import { ValidationPipeOptions } from '@nestjs/common';

/**
 * Options of the global REST `ValidationPipe`, also handed to the MCP module
 * so a tool's arguments are validated and transformed exactly as the route's
 * body is: unknown fields are an error rather than silently dropped.
 */
export const STRICT_VALIDATION_OPTIONS: ValidationPipeOptions = Object.freeze({
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
});
