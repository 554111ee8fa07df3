import { Module } from '@nestjs/common';
import { TaskPermissionsController } from './task-permissions.controller';
import { TaskPermissionsService } from './task-permissions.service';
import { TasksController } from './tasks.controller';
import { TasksService } from './tasks.service';

/** Tasks and who may run them, over REST and (through `@McpTool()`) over MCP. */
@Module({
  controllers: [TasksController, TaskPermissionsController],
  providers: [TasksService, TaskPermissionsService],
  exports: [TasksService, TaskPermissionsService],
})
export class TasksModule {}
