#!/usr/bin/env node
import { createInterface, type Interface } from 'node:readline';
import { run } from './run.js';

const argv = process.argv.slice(2);
if (argv[0] === 'lsp') {
  // The language server speaks over stdio; editors pass `--stdio` (or nothing), which needs no parsing.
  const { startServer } = await import('../lsp/server.js');
  startServer();
} else {
  // Answers of --interactive, one per line, from a terminal or a pipe; opened only when asked for.
  let lines: Interface | undefined;
  let next: AsyncIterator<string> | undefined;
  process.exitCode = await run(argv, {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    cwd: process.cwd(),
    isTTY: process.stdout.isTTY,
    stdinIsTTY: process.stdin.isTTY,
    stderrIsTTY: process.stderr.isTTY,
    stderrColumns: process.stderr.columns,
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    readLine: async () => {
      lines ??= createInterface({ input: process.stdin, crlfDelay: Infinity });
      next ??= lines[Symbol.asyncIterator]();
      const r = await next.next();
      return r.done ? undefined : r.value;
    },
  });
  lines?.close();
}
