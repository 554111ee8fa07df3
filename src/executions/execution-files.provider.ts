import { Injectable } from '@nestjs/common';
import { FilesReader, FilesWriter } from '../files/files-storage.service';
import { ExecutionFiles, ExecutionInputFile, ExecutionOutputFile } from './execution-files.interface';

/** {@link ExecutionFiles} on the files feature's own reader and writer. */
@Injectable()
export class FilesStorageExecutionFiles implements ExecutionFiles {
  constructor(
    private readonly reader: FilesReader,
    private readonly writer: FilesWriter,
  ) {}

  async read(organizationId: string, fileId: string): Promise<ExecutionInputFile> {
    const { id, filename, bytes } = await this.reader.readReady(organizationId, fileId);
    return { id, filename, bytes };
  }

  write(organizationId: string, file: ExecutionOutputFile): Promise<{ id: string }> {
    return this.writer.writeOutput(organizationId, file);
  }
}
