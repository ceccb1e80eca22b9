// Atomic writes: a temp file in the same directory, then rename, so a file is always old or new.
import { randomBytes } from 'node:crypto';
import { chmod, chown, open, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * Replace `file` with `text` (or create it): written to a new temp file beside it (never an existing one),
 * given the file's mode (and owner, where the process may), then renamed over it. Whoever reads the file
 * sees the old text or the new, never a mix; on failure the temp file is removed and the file is untouched.
 */
export async function writeAtomic(file: string, text: string): Promise<void> {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.v4-migrate-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  // A new file (a cache, a baseline) gets the default mode; an existing one keeps its own.
  const existing = await stat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  try {
    const handle = await open(tmp, 'wx', existing ? existing.mode & 0o7777 : 0o666);
    try {
      await handle.writeFile(text);
    } finally {
      await handle.close();
    }
    if (existing) {
      await chmod(tmp, existing.mode & 0o7777);
      // Only root may give a file away; for anyone else the file is theirs already, or this is a no-op.
      await chown(tmp, existing.uid, existing.gid).catch(() => undefined);
    }
    await rename(tmp, file);
  } catch (error) {
    await unlink(tmp).catch(() => undefined);
    throw error;
  }
}

/** Whether `file` (a real path) lies in one of `roots` (real paths). */
export function insideRoots(file: string, roots: readonly string[]): boolean {
  return roots.some((root) => file === root || file.startsWith(root.endsWith(path.sep) ? root : root + path.sep));
}
