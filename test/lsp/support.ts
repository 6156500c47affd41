// A real LSP client for the tests: `storyletengine lsp --stdio` (the built CLI) spawned as a child
// process and spoken to with vscode-jsonrpc over its stdin/stdout, the way an editor does.
import { spawn, type ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import type { Diagnostic, Position, PublishDiagnosticsParams } from 'vscode-languageserver';

const CLI = new URL('../../dist/cli/main.js', import.meta.url).pathname;

export interface Client {
  connection: MessageConnection;
  child: ChildProcess;
  dir: string;
  uri(name: string): string;
  /** The latest diagnostics per URI. */
  diagnostics: Map<string, Diagnostic[]>;
  /** Resolves with the next diagnostics for `name` that satisfy `test`. */
  waitFor(name: string, test: (d: Diagnostic[]) => boolean): Promise<Diagnostic[]>;
  close(): Promise<void>;
}

export async function startClient(dir: string): Promise<Client> {
  const child = spawn(process.execPath, [CLI, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const diagnostics = new Map<string, Diagnostic[]>();
  const waiters: { uri: string; test: (d: Diagnostic[]) => boolean; done: (d: Diagnostic[]) => void }[] = [];
  connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    diagnostics.set(p.uri, p.diagnostics);
    for (const w of [...waiters]) {
      if (w.uri === p.uri && w.test(p.diagnostics)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.done(p.diagnostics);
      }
    }
  });
  connection.listen();
  const rootUri = pathToFileURL(dir).toString();
  await connection.sendRequest('initialize', { processId: process.pid, rootUri, capabilities: {}, workspaceFolders: [{ uri: rootUri, name: 'content' }] });
  await connection.sendNotification('initialized', {});
  const uri = (name: string) => pathToFileURL(join(dir, name)).toString();
  return {
    connection,
    child,
    dir,
    uri,
    diagnostics,
    waitFor(name, test) {
      const u = uri(name);
      const now = diagnostics.get(u);
      if (now && test(now)) return Promise.resolve(now);
      return new Promise((done) => waiters.push({ uri: u, test, done }));
    },
    async close() {
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
      await new Promise<void>((done) => (child.exitCode !== null ? done() : child.once('exit', () => done())));
      connection.dispose();
    },
  };
}

/** The LSP position of the `nth` occurrence of `needle` in `text`, `delta` characters into it. */
export function positionOf(text: string, needle: string, delta = 0, nth = 0): Position {
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`${needle} not found`);
  }
  const offset = at + delta;
  const line = text.slice(0, offset).split('\n').length - 1;
  return { line, character: offset - (text.lastIndexOf('\n', offset - 1) + 1) };
}
