import { Type } from 'class-transformer';
import { IsArray, IsISO8601, IsString, ValidateNested } from 'class-validator';

/** A note as the tool returns it. */
export class NoteView {
  @IsString()
  id!: string;

  @IsString()
  title!: string;

  @IsString()
  body!: string;

  @IsISO8601()
  created_at!: string;
}

/** What `notes_list` answers: the organization's notes, newest first. */
export class NoteListView {
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => NoteView)
  notes!: NoteView[];
}
