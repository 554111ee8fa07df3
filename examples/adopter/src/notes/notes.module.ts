import { Module } from '@nestjs/common';
import { NotesController } from './notes.controller';
import { NotesService } from './notes.service';

/** The Notebook's API: its one service, whose method is both `GET /api/v1/notes` and the MCP tool the platform's endpoint finds at start-up. */
@Module({ controllers: [NotesController], providers: [NotesService] })
export class NotesModule {}
