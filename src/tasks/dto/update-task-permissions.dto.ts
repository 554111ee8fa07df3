import { ArrayMaxSize, IsArray, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsKaduId, KADU_ID_MAX_LENGTH } from '../../common/ids/kadu-id.decorator';
import { IdempotentDto } from '@kobana/idempotency';
import { KADU_ROLES } from '../../identity/kadu-identity.constants';

/** `PUT /api/v1/tasks/:id/permissions` body: who may run the task. Omitted lists stay as they are. */
export class UpdateTaskPermissionsBodyDto extends IdempotentDto {
  /** Roles whose members may run it. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(KADU_ROLES.length)
  @IsIn(KADU_ROLES, { each: true })
  roles?: string[];

  /** Users who may run it whatever their role. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @MaxLength(KADU_ID_MAX_LENGTH, { each: true })
  user_ids?: string[];
}

/** `kadu_task_permissions_update`: the body plus the task's id. */
export class UpdateTaskPermissionsDto extends UpdateTaskPermissionsBodyDto {
  @IsKaduId()
  id: string;
}
