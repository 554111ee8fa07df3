import { Module } from '@nestjs/common';
import { NotesService } from './notes.service';

/** The Notebook's API: its one service, whose tool the platform's MCP endpoint finds at start-up. */
@Module({ providers: [NotesService] })
export class NotesModule {}
