import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The embedded database (PGlite) may be opened by one process at a time. The server marks its data
 * folder while it runs, so command-line tools refuse to open the database under it.
 */
const LOCK = 'server.pid';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function markEmbeddedDatabaseInUse(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, LOCK);
  await writeFile(file, String(process.pid));
  return async () => {
    await rm(file, { force: true });
  };
}

/** The pid of a live server holding the folder's embedded database, or null. */
export async function embeddedDatabaseInUse(dataDir: string): Promise<number | null> {
  try {
    const pid = Number((await readFile(path.join(dataDir, LOCK), 'utf8')).trim());
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : null;
  } catch {
    return null;
  }
}
