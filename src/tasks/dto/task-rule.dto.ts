import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** A categorization rule, as sent and as returned. */
export class TaskRuleDto {
  /** Category given to matching lines, e.g. `fees`. */
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  category: string;

  /** Matches a line whose description contains this text, ignoring case. */
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  match: string;
}
