/** A ready input file with its bytes. */
export interface ExecutionInputFile {
  id: string;
  filename: string;
  bytes: Buffer;
}

/** A file an execution produces. */
export interface ExecutionOutputFile {
  filename: string;
  content_type: string;
  bytes: Buffer;
}

/**
 * What executions need from the file store, and nothing more: the agent reads
 * ready inputs and writes one output. The application binds it to the files
 * feature (`FilesReader` / `FilesWriter`); unit specs bind a map in memory.
 */
export interface ExecutionFiles {
  /**
   * The file and its bytes.
   * @throws NotFoundException when it is not a ready file of that organization.
   */
  read(organizationId: string, fileId: string): Promise<ExecutionInputFile>;
  /** Stores an output, ready to download; answers its id. */
  write(organizationId: string, file: ExecutionOutputFile): Promise<{ id: string }>;
}

/** Injection token of {@link ExecutionFiles}. */
export const ExecutionFiles = Symbol('ExecutionFiles');
