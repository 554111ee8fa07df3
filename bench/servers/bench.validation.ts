import type { ValidationPipeOptions } from '@nestjs/common';

/** The route's ValidationPipe options, given to the module too (as Kadu does), so both sides validate alike. */
export const BENCH_VALIDATION: ValidationPipeOptions = Object.freeze({ whitelist: true, forbidNonWhitelisted: true, transform: true });
