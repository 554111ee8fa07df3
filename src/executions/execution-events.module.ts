import { Module } from '@nestjs/common';
import { ExecutionEvents } from './execution-events.service';

/**
 * Provides the one {@link ExecutionEvents} of the application. Import this
 * module (not `ExecutionsModule`) to listen to `finished$`.
 */
@Module({ providers: [ExecutionEvents], exports: [ExecutionEvents] })
export class ExecutionEventsModule {}
