/** `storyletengine lsp --stdio [dir]`: the language server for editors (docs/editor.md). */
import type { Command } from '../command.js';
import { EXIT, UsageError } from '../io.js';

export const lspCommand: Command = {
  spec: {
    name: 'lsp',
    synopsis: '--stdio [dir]',
    brief: 'the language server: diagnostics, completion, hover, rename in your editor',
    summary:
      "Run the storylet language server over standard input and output. The content folder is the editor's workspace folder, or the folder given. Diagnostics are publish's, for the whole folder, as you type.",
    positionals: { min: 0, max: 1, names: 'a content folder' },
    flags: {
      stdio: { type: 'boolean', help: 'talk LSP over stdin/stdout (the only transport)' },
    },
    details: `Needs the optional package vscode-languageserver (npm install vscode-languageserver).
Editors start it themselves; editors/vscode/ in the repository is a VS Code extension that does.`,
  },
  async run({ positionals, flags }, io) {
    if (flags.stdio !== true) throw new UsageError('storyletengine lsp talks over stdio only: run it as `storyletengine lsp --stdio`');
    // Loaded here, not at the top: the other commands never load the protocol's packages.
    const { startLanguageServer } = await import('../../lsp/server.js');
    await startLanguageServer({ input: io.stdin, output: io.stdout, ...(positionals[0] !== undefined ? { dir: positionals[0] } : {}) });
    return EXIT.ok;
  },
};
