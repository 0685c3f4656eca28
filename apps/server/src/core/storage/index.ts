import { join } from 'node:path';
import type { AppConfig } from '../../config';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import type { FileStorage } from './types';

export type { ByteRange, FileStorage } from './types';
export { LocalStorage } from './local';
export { S3Storage } from './s3';

/** The configured driver: local disk under DATA_DIR/upload, or an S3-compatible bucket. */
export function createStorage(config: AppConfig): FileStorage {
  if (config.storage.driver === 's3') {
    const s3 = config.storage.s3;
    return new S3Storage({ ...s3, cacheDir: join(config.dataDir, 'cache', 's3') });
  }
  return new LocalStorage(join(config.dataDir, 'upload'));
}
