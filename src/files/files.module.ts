import { Module } from '@nestjs/common';
import { FilesContentController } from './files-content.controller';
import { FilesContentService } from './files-content.service';
import { FilesController } from './files.controller';
import { FilesDiskStore } from './files-disk.store';
import { FilesService } from './files.service';
import { FilesReader, FilesWriter } from './files-storage.service';
import { FilesUrlSigner } from './files-url.codec';

/**
 * Files over REST, MCP (`kadu_files_*`) and presigned content URLs; exports
 * {@link FilesReader} and {@link FilesWriter} for the code that runs executions.
 */
@Module({
  // The content controller first: its `:id/content` routes must not be shadowed by `:id` ones.
  controllers: [FilesContentController, FilesController],
  providers: [FilesDiskStore, FilesUrlSigner, FilesService, FilesContentService, FilesReader, FilesWriter],
  exports: [FilesReader, FilesWriter],
})
export class FilesModule {}
