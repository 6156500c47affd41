// Compiles every grammar/*.ne into a TypeScript module under src/**/generated/.
// Each grammar names its output with a first-line comment: `# out: src/lang/generated/expression.ts`.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const nearleyc = join(root, 'node_modules', 'nearley', 'bin', 'nearleyc.js');
for (const file of readdirSync(join(root, 'grammar'))
  .filter((f) => f.endsWith('.ne'))
  .sort()) {
  const src = join(root, 'grammar', file);
  const out = /^#\s*out:\s*(\S+)/m.exec(readFileSync(src, 'utf8'))?.[1];
  if (!out) throw new Error(`${src}: the first line must be "# out: <path of the generated .ts>"`);
  mkdirSync(dirname(join(root, out)), { recursive: true });
  execFileSync(process.execPath, [nearleyc, src, '-o', join(root, out)], { stdio: 'inherit' });
}
