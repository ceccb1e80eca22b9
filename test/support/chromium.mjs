// The one place the tests look for a browser. Debian's Chromium is used (playwright's downloaded builds do not
// run here); it is found through CHROMIUM_PATH, else as `chromium` or `chromium-browser` on PATH, and nowhere
// else, so a run with neither set (.ci/without-chromium) is a run without a browser.
// Run as a script (`npm run test:browser` does, before building), it prints the browser found, or how to get
// one and exits 1.
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const NAMES = ['chromium', 'chromium-browser'];
export const HOW_TO_GET = 'install Debian\'s Chromium (apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium executable';

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** @returns {{ path: string } | { missing: string }} the browser's executable, or why there is none. */
export function findChromium(env = process.env) {
  if (env.CHROMIUM_PATH) {
    return executable(env.CHROMIUM_PATH) ? { path: env.CHROMIUM_PATH } : { missing: `CHROMIUM_PATH is ${env.CHROMIUM_PATH}, which is not an executable file: ${HOW_TO_GET}` };
  }
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    for (const name of NAMES) {
      const file = path.join(dir, name);
      if (executable(file)) return { path: file };
    }
  }
  return { missing: `no Chromium on PATH (${NAMES.join(', ')}) and CHROMIUM_PATH is not set: ${HOW_TO_GET}` };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const found = findChromium();
  if ('path' in found) {
    console.log(`browser tests use ${found.path}`);
  } else {
    console.error(`The browser tests need Chromium: ${found.missing}.`);
    process.exitCode = 1;
  }
}
