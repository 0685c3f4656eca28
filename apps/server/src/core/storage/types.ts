import type { Readable } from 'node:stream';

/** A byte range of a stored file, both ends inclusive (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploads are kept. Paths handed out are relative (`biz/name_<time><random>.ext`) and the same
 * whichever driver stores them, so rows that name a file stay valid when the driver changes.
 */
export interface FileStorage {
  /** `local` (disk under DATA_DIR/upload) or `s3` (an S3-compatible bucket). */
  readonly driver: 'local' | 's3';
  /** Stores bytes under a biz folder with a generated name; returns the relative path. */
  save(biz: string, originalName: string, data: Buffer): Promise<string>;
  /** Size of a stored file, or undefined when the path is unsafe or nothing is stored there. */
  stat(relPath: string): Promise<{ size: number } | undefined>;
  /** A stream of the file (or of one range of it), or undefined when there is none. */
  read(relPath: string, range?: ByteRange): Promise<Readable | undefined>;
  /** The first bytes of a file (to sniff its type), or undefined when there is none. */
  head(relPath: string, bytes: number): Promise<Buffer | undefined>;
  /** Removes a stored file; false when there was none. */
  delete(relPath: string): Promise<boolean>;
  /**
   * A path on local disk holding the file, for readers that need a file (range-served media). The S3
   * driver answers with a cached copy it downloads on first use.
   */
  resolve(relPath: string): Promise<string | undefined>;
}
