import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { FilesModule } from '../files/files.module';
import { StatementAgent } from './agent/statement-agent.service';
import { FilesStorageExecutionFiles } from './execution-files.provider';
import { ExecutionFiles } from './execution-files.interface';
import { EXECUTION_WORKER_OPTIONS, executionWorkerOptions } from './execution-worker.options';
import { ExecutionEventsModule } from './execution-events.module';
import { ExecutionQueue } from './execution-queue.service';
import { ExecutionWorker } from './execution.worker';
import { ExecutionsController } from './executions.controller';
import { ExecutionsService } from './executions.service';
import { TaskRunsController } from './task-runs.controller';
import { TaskRunsService } from './task-runs.service';

/**
 * Running tasks: the run route and tool, the executions API and tools, and
 * the worker that runs the reference agent on queued executions.
 */
@Module({
  imports: [FilesModule, ExecutionEventsModule],
  controllers: [TaskRunsController, ExecutionsController],
  providers: [
    TaskRunsService,
    ExecutionsService,
    ExecutionQueue,
    StatementAgent,
    ExecutionWorker,
    { provide: ExecutionFiles, useClass: FilesStorageExecutionFiles },
    { provide: EXECUTION_WORKER_OPTIONS, inject: [ConfigService], useFactory: executionWorkerOptions },
  ],
  exports: [ExecutionsService, ExecutionWorker, ExecutionEventsModule],
})
export class ExecutionsModule {}
