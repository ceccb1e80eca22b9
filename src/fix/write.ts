// Atomic writes: a temp file in the same directory, then rename, so a file is always old or new.
import { chmod, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export async function writeAtomic(file: string, text: string): Promise<void> {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.v4-migrate-${process.pid}.tmp`);
  const { mode } = await stat(file);
  try {
    await writeFile(tmp, text, { mode });
    await chmod(tmp, mode);
    await rename(tmp, file);
  } catch (error) {
    await unlink(tmp).catch(() => undefined);
    throw error;
  }
}
