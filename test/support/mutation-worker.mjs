// The mutation fuzz test's worker: lints and fixes one mutated file through the built library, as the CLI
// does, and answers with what went wrong (nothing, when all is well). It runs in a worker thread so the
// test can end it when a file takes too long: a hang is then a failure, not a stuck test run.
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { lintFiles, lintText, writeFixes } from '../../dist/src/index.js';

// `inPackage`: the file has its package's other modules beside it, which a text linted alone would lack; its
// second fix is then made as the first was, on the file as written, with its package.
parentPort.on('message', async ({ id, file, inPackage }) => {
  const problems = [];
  try {
    const bytes = readFileSync(file);
    const results = await lintFiles([file], { fix: true });
    // In a package, its package.json may have findings of its own (a pinned client's default base).
    const result = results.find((r) => r.filePath === file);
    if (results.length !== 1 && !(inPackage && result && results.every((r) => r === result || r.filePath.endsWith('package.json')))) problems.push(`${results.length} results for one file`);
    for (const m of result?.messages ?? []) {
      if (m.ruleId === 'internal-error') problems.push(`internal error: ${m.message}`);
      if (!(m.line >= 1 && m.column >= 1 && (m.endLine > m.line || (m.endLine === m.line && m.endColumn >= m.column)))) problems.push(`bad position ${m.line}:${m.column}-${m.endLine}:${m.endColumn} (${m.ruleId})`);
    }
    if (result?.output !== undefined) {
      // The fixed text parses, and fixing it again changes nothing.
      const again = inPackage ? undefined : lintText(result.output, { filename: file, fix: true });
      if (again?.messages.some((m) => m.ruleId === 'parse-error')) problems.push('the fixed text does not parse');
      if (again?.output !== undefined && again.output !== result.output) problems.push('fixing twice differs from fixing once');
      const written = await writeFixes(results, { roots: [file] });
      if (written.length > 0) problems.push(`not written: ${written.map((p) => p.reason).join('; ')}`);
      else if (readFileSync(file, 'utf8') !== result.output) problems.push('the file on disk is not the fixed text');
      if (inPackage) {
        const [second] = await lintFiles([file], { fix: true });
        if (second?.messages.some((m) => m.ruleId === 'parse-error')) problems.push('the fixed text does not parse');
        if (second?.output !== undefined && second.output !== result.output) problems.push('fixing twice differs from fixing once');
      }
    } else if (!readFileSync(file).equals(bytes)) {
      problems.push('a file without fixes changed on disk');
    }
    // Invalid UTF-8 is never written back (it would change other bytes).
    if (Buffer.from(bytes.toString('utf8')).compare(bytes) !== 0 && !readFileSync(file).equals(bytes)) problems.push('a file that is not valid UTF-8 was rewritten');
  } catch (error) {
    problems.push(`threw: ${error?.stack ?? error}`);
  }
  parentPort.postMessage({ id, problems });
});
