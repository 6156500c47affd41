/**
 * `storyletengine lsp --stdio`: the language server. It connects a {@link Project} (the content
 * folder, publish's diagnostics, the symbol index) to a `vscode-languageserver` connection. The
 * package is an optional peer, loaded only here (docs/install.md): nothing else in the SDK, the CLI's
 * other commands included, ever loads it.
 *
 * **Architecture invariant:** only this file knows the protocol's transport; `project.ts` and
 * `index.ts` answer questions about plain text and offsets and are tested without a connection.
 */
import { readFile } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Connection, Diagnostic, Location, TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { importPeer } from '../core/peers.js';
import { readContentDir } from '../content/read-dir.js';
import { Project } from './project.js';

const CONTENT = /\.(ya?ml|json)$/i;

export interface LspOptions {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** The content folder; otherwise the workspace folder the editor names in `initialize`. */
  dir?: string;
}

/** Starts the server on the given streams; resolves when the client asks it to exit. */
export async function startLanguageServer(options: LspOptions): Promise<void> {
  const lsp = await importPeer('vscode-languageserver', 'storyletengine lsp', () => import('vscode-languageserver/node'));
  const connection: Connection = lsp.createConnection(options.input, options.output);
  const project = new Project();
  const open = new Set<string>();
  const sent = new Map<string, string>();
  let root = options.dir === undefined ? undefined : resolve(options.dir);
  let pending: NodeJS.Immediate | undefined;
  let ready: Promise<void> = Promise.resolve();

  const nameOf = (uri: string): string | undefined => {
    if (!root || !uri.startsWith('file:')) return undefined;
    const rel = relative(root, fileURLToPath(uri));
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel) || !CONTENT.test(rel)) return undefined;
    const parts = rel.split(sep);
    if (parts.some((p) => p.startsWith('.') || p === 'node_modules')) return undefined;
    return parts.join('/');
  };
  const uriOf = (name: string): string => pathToFileURL(resolve(root!, ...name.split('/'))).toString();
  const loc = (l: Location): Location => ({ uri: uriOf(l.uri), range: l.range });

  // One check per burst of edits: every change in the same turn of the event loop is folded into
  // one publish, started as soon as the burst ends (no timer: the 200 ms budget is the checker's).
  const schedule = () => {
    pending ??= setImmediate(() => {
      pending = undefined;
      const { byFile } = project.check();
      // A diagnostic about no file in particular (an empty folder's `(content)`) has no document
      // to go on; the editor shows what is in its files.
      const known = new Set(project.names());
      for (const name of [...byFile.keys()]) if (!known.has(name)) byFile.delete(name);
      for (const [name] of sent) {
        if (!byFile.has(name)) {
          sent.delete(name);
          void connection.sendDiagnostics({ uri: uriOf(name), diagnostics: [] });
        }
      }
      for (const [name, diagnostics] of byFile) {
        const json = JSON.stringify(diagnostics);
        if (sent.get(name) === json) continue;
        sent.set(name, json);
        void connection.sendDiagnostics({ uri: uriOf(name), diagnostics });
      }
    });
  };

  const loadRoot = async () => {
    if (!root) return;
    let files: Record<string, Uint8Array>;
    try {
      files = await readContentDir(root);
    } catch (err) {
      connection.console.error(`storyletengine lsp: cannot read the content folder ${root}: ${(err as Error).message}`);
      return;
    }
    const decoder = new TextDecoder();
    for (const [name, bytes] of Object.entries(files)) if (!open.has(name)) project.set(name, decoder.decode(bytes));
    schedule();
  };

  let watch = false;
  connection.onInitialize((params) => {
    watch = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    if (!root) {
      const uri = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? undefined;
      if (uri?.startsWith('file:')) root = fileURLToPath(uri);
      else if (params.rootPath) root = params.rootPath;
    }
    ready = loadRoot();
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: lsp.TextDocumentSyncKind.Incremental },
        completionProvider: { triggerCharacters: ['@', '.', ' ', ':'] },
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        codeActionProvider: { codeActionKinds: [lsp.CodeActionKind.QuickFix] },
      },
      serverInfo: { name: 'storyletengine' },
    };
  });

  // Files changed outside the editor (a git checkout, a generator) are re-read when the client
  // reports them; a client that can watch for us is asked to.
  connection.onInitialized(() => {
    if (watch) void connection.client.register(lsp.DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*.{yaml,yml,json}' }] });
  });

  connection.onDidOpenTextDocument(async ({ textDocument }) => {
    await ready;
    const name = nameOf(textDocument.uri);
    if (!name) return;
    open.add(name);
    if (project.text(name) === textDocument.text) return;
    project.set(name, textDocument.text);
    schedule();
  });

  connection.onDidChangeTextDocument(async ({ textDocument, contentChanges }) => {
    await ready;
    const name = nameOf(textDocument.uri);
    if (!name) return;
    let text = project.text(name) ?? '';
    for (const change of contentChanges) text = applyChange(text, change);
    project.set(name, text);
    schedule();
  });

  connection.onDidCloseTextDocument(async ({ textDocument }) => {
    await ready;
    const name = nameOf(textDocument.uri);
    if (!name) return;
    open.delete(name);
    // The buffer is gone: what counts again is what is on disk (nothing, if it was never saved).
    project.set(name, await readFile(resolve(root!, ...name.split('/')), 'utf8').catch(() => undefined));
    schedule();
  });

  connection.onDidChangeWatchedFiles(async ({ changes }) => {
    await ready;
    for (const c of changes) {
      const name = nameOf(c.uri);
      if (!name || open.has(name)) continue;
      project.set(name, await readFile(fileURLToPath(c.uri), 'utf8').catch(() => undefined));
    }
    schedule();
  });

  const named =
    <T, R>(handler: (name: string, params: T) => R, none: R) =>
    async (params: T & { textDocument: { uri: string } }) => {
      await ready;
      const name = nameOf(params.textDocument.uri);
      if (!name || project.text(name) === undefined) return none;
      return handler(name, params);
    };

  connection.onCompletion(named((name, p) => project.completion(name, p.position), []));
  connection.onHover(named((name, p) => project.hover(name, p.position), null));
  connection.onDefinition(named((name, p) => project.definition(name, p.position).map(loc), []));
  connection.onReferences(named((name, p) => project.references(name, p.position, p.context.includeDeclaration).map(loc), []));
  connection.onPrepareRename(
    named((name, p) => {
      const r = project.prepareRename(name, p.position);
      if ('error' in r) throw new lsp.ResponseError(lsp.LSPErrorCodes.RequestFailed, r.error);
      return r;
    }, null),
  );
  connection.onRenameRequest(
    named((name, p) => {
      const r = project.rename(name, p.position, p.newName);
      if ('error' in r) throw new lsp.ResponseError(lsp.LSPErrorCodes.RequestFailed, r.error);
      const changes: Record<string, import('vscode-languageserver').TextEdit[]> = {};
      for (const [file, edits] of Object.entries(r.changes ?? {})) changes[uriOf(file)] = edits;
      return { changes };
    }, null),
  );
  connection.onCodeAction(
    named((name, p) => {
      const diagnostics: Diagnostic[] = p.context.diagnostics.filter((d) => typeof d.source === 'string' && d.source.startsWith('storyletengine'));
      return project.codeActions(name, diagnostics).map((a) => {
        const changes: Record<string, import('vscode-languageserver').TextEdit[]> = {};
        for (const [file, edits] of Object.entries(a.edit?.changes ?? {})) changes[uriOf(file)] = edits;
        return { ...a, edit: { changes } };
      });
    }, []),
  );

  const exited = new Promise<void>((done) => {
    connection.onExit(() => done());
    connection.onShutdown(() => {
      if (pending) clearImmediate(pending);
    });
  });
  connection.listen();
  await exited;
  connection.dispose();
}

/** One incremental change (or a whole new text) applied to a buffer. */
export function applyChange(text: string, change: TextDocumentContentChangeEvent): string {
  if (!('range' in change) || change.range === undefined) return change.text;
  const at = (line: number, character: number) => {
    let offset = 0;
    for (let l = 0; l < line; l++) {
      const nl = text.indexOf('\n', offset);
      if (nl < 0) return text.length;
      offset = nl + 1;
    }
    const end = text.indexOf('\n', offset);
    return Math.min(offset + character, end < 0 ? text.length : end);
  };
  const start = at(change.range.start.line, change.range.start.character);
  const end = at(change.range.end.line, change.range.end.character);
  return text.slice(0, start) + change.text + text.slice(end);
}
