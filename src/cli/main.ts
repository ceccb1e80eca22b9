#!/usr/bin/env node
import { createInterface, type Interface } from 'node:readline';
import { lspCommand } from './lsp-command.js';
import { run } from './run.js';

const argv = process.argv.slice(2);
if (argv[0] === 'lsp') {
  // The language server is started by an editor, which names the channel (`--stdio`); vscode-languageserver
  // reads it from process.argv. Without one, or with --help, it says how to start it.
  const lsp = lspCommand(argv.slice(1));
  if (lsp.start) {
    const { startServer } = await import('../lsp/server.js');
    startServer();
  } else {
    if (lsp.stdout) process.stdout.write(lsp.stdout);
    if (lsp.stderr) process.stderr.write(lsp.stderr);
    process.exitCode = lsp.code;
  }
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
