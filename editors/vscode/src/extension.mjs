// The VS Code side: find the storylet content folder of the workspace and start
// `storyletengine lsp --stdio <folder>` for it. Everything else (diagnostics, completion, hover,
// definition, references, rename, quick fixes) is the server's; this file only starts it.
import { existsSync } from 'node:fs';
import { TextDecoder } from 'node:util';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { LanguageClient, TransportKind } from 'vscode-languageclient/node';

/** A file is content when one of publish's top-level keys starts a line. */
const CONTENT_KEY = /^(boxes|world|tagGroups|qualities|handTemplates):/m;

let client;

export async function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('storyletengine.restartServer', async () => {
      await stop();
      await start(context);
    }),
  );
  await start(context);
}

export function deactivate() {
  return stop();
}

async function stop() {
  const c = client;
  client = undefined;
  if (c) await c.stop();
}

async function start(context) {
  const workspace = vscode.workspace.workspaceFolders?.[0];
  if (!workspace) return;
  const root = workspace.uri.fsPath;
  const folder = await contentFolder(root);
  if (!folder) return;
  const configured = vscode.workspace.getConfiguration('storyletengine').get('server.command', []);
  const local = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'storyletengine.cmd' : 'storyletengine');
  const [command, ...args] = configured.length > 0 ? configured : existsSync(local) ? [local] : ['npx', 'storyletengine'];
  const glob = folder.split('\\').join('/');
  const run = {
    command,
    args: [...args, 'lsp', '--stdio', folder],
    transport: TransportKind.stdio,
    options: { cwd: root, shell: process.platform === 'win32' },
  };
  client = new LanguageClient(
    'storyletengine',
    'storyletengine',
    { run, debug: run },
    {
      // Globs over the absolute path: only the content folder's files go to the server.
      documentSelector: [
        { scheme: 'file', language: 'yaml', pattern: `${glob}/**/*.{yaml,yml}` },
        { scheme: 'file', language: 'json', pattern: `${glob}/**/*.json` },
      ],
      synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, '**/*.{yaml,yml,json}')) },
    },
  );
  context.subscriptions.push(client);
  await client.start();
}

/** The configured content folder, or the folder of the first YAML file that is content. */
async function contentFolder(root) {
  const configured = vscode.workspace.getConfiguration('storyletengine').get('contentFolder', '');
  if (configured) return join(root, configured);
  const files = await vscode.workspace.findFiles('**/*.{yaml,yml}', '**/node_modules/**', 200);
  const sorted = files.map((f) => f.fsPath).sort();
  for (const file of sorted) {
    const bytes = await vscode.workspace.fs.readFile(vscode.Uri.file(file));
    if (CONTENT_KEY.test(new TextDecoder().decode(bytes))) return dirname(file);
  }
  return undefined;
}
