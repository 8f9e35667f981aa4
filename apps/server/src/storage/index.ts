import type { Config } from '../config.js';
import { createDiskStorage } from './disk.js';
import { createS3Storage } from './s3.js';
import type { Storage } from './storage.js';

export function createStorage(cfg: Config['storage']): Storage {
  return cfg.kind === 's3' ? createS3Storage(cfg) : createDiskStorage(cfg.root);
}
