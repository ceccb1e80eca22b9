// `v4-migrate lsp`: the language server, which an editor starts and talks to. The editor names the channel:
// `--stdio` (every snippet in the README, and VS Code's stdio transport), or another one
// vscode-languageserver knows (--node-ipc, --socket=<port>, --pipe=<name>). Started by hand without one, the
// server would stop on a stack trace; this says how to start it instead.

export const LSP_USAGE = `Usage: v4-migrate lsp --stdio

Start the language server: diagnostics as you type, quick fixes, "fix all" and "disable for this line",
for the editor that starts it and talks to it over standard input and output. Your editor runs this
command; the README's "In any editor: the language server" shows the settings for VS Code, Neovim and
Helix.
`;

const CHANNEL = /^--(stdio|node-ipc|socket=\d+|pipe=.+)$/;

/** What `v4-migrate lsp <args>` does: start the server, or print how to start it (and exit with `code`). */
export function lspCommand(args: readonly string[]): { start: true } | { start: false; code: number; stdout?: string; stderr?: string } {
  if (args.includes('--help') || args.includes('-h')) return { start: false, code: 0, stdout: LSP_USAGE };
  if (args.some((a) => CHANNEL.test(a))) return { start: true };
  return {
    start: false,
    code: 2,
    stderr: `v4-migrate: lsp talks to an editor, which starts it as \`v4-migrate lsp --stdio\`; put that command in your editor's settings (v4-migrate lsp --help)\n`,
  };
}
