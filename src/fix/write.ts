// Atomic writes: a temp file in the same directory, then rename, so a file is always old or new.
//
// A rename replaces the file by another one: it would be the writer's, with the writer's group, and it
// would split hard links. So a file is replaced only when its replacement is the same file in all that
// can be seen of it: the caller may write it in place, its owner, group and mode bits (setuid, setgid and
// sticky included) are all carried over, and it has no other hard link. Anything else is refused, and the
// file is left as it was.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, open, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { fsPath } from '../files/byte-names.js';

/** A file that is not replaced because its replacement would not be the same file; `message` says why. */
export class WriteRefused extends Error {}

/**
 * Replace `file` with `text` (or create it): written to a new temp file beside it (never an existing one),
 * given the file's owner, group and mode, then renamed over it. Whoever reads the file sees the old text
 * or the new, never a mix; on failure the temp file is removed and the file is untouched. Throws
 * `WriteRefused` for a file that may not, or cannot, be replaced as it is (see above).
 */
export async function writeAtomic(file: string, text: string): Promise<void> {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.v4-migrate-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  // A new file (a cache, a baseline) gets the default mode; an existing one keeps its own.
  const existing = await stat(fsPath(file)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (existing) await checkReplaceable(file, existing.nlink);
  try {
    const handle = await open(fsPath(tmp), 'wx', existing ? existing.mode & 0o777 : 0o666);
    try {
      await handle.writeFile(text);
      if (existing) {
        const made = await handle.stat();
        // Owner and group first: changing them clears the setuid and setgid bits, which chmod then sets.
        // Only root may give a file away, and others only to a group they are in: failures show below.
        if (made.uid !== existing.uid || made.gid !== existing.gid) await handle.chown(existing.uid, existing.gid).catch(() => undefined);
        await handle.chmod(existing.mode & 0o7777);
        const kept = await handle.stat();
        if (kept.uid !== existing.uid || kept.gid !== existing.gid || (kept.mode & 0o7777) !== (existing.mode & 0o7777)) {
          throw new WriteRefused(
            `its replacement could not keep its owner, group and mode (${existing.uid}:${existing.gid} ${octal(existing.mode)}; ` +
              `this user can only make ${kept.uid}:${kept.gid} ${octal(kept.mode)}); fix it as its owner, or as a member of its group`,
          );
        }
      }
    } finally {
      await handle.close();
    }
    await rename(fsPath(tmp), fsPath(file));
  } catch (error) {
    await unlink(fsPath(tmp)).catch(() => undefined);
    throw error;
  }
}

/** Refuse a file the caller could not write in place, and one with other hard links. */
async function checkReplaceable(file: string, links: number): Promise<void> {
  try {
    await access(fsPath(file), constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EACCES';
    throw new WriteRefused(`this user may not write it (${code}), and replacing it would make it theirs; fix it as its owner`);
  }
  if (links > 1) {
    throw new WriteRefused(`it has ${links} hard links, which replacing it would split (the others would keep the old text); break the links, or fix each name on its own copy`);
  }
}

function octal(mode: number): string {
  return (mode & 0o7777).toString(8).padStart(4, '0');
}

/** Whether `file` (a real path) lies in one of `roots` (real paths). */
export function insideRoots(file: string, roots: readonly string[]): boolean {
  return roots.some((root) => file === root || file.startsWith(root.endsWith(path.sep) ? root : root + path.sep));
}
