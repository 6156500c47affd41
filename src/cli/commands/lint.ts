/** `storyletengine lint <dir>`: every check publish makes, plus the warnings. */
import { wholeNumber } from '../args.js';
import { countLine, printDiagnostics, publishDir } from '../content.js';
import type { Command } from '../command.js';
import { EXIT, println, useColor } from '../io.js';

export const lintCommand: Command = {
  spec: {
    name: 'lint',
    synopsis: '<dir> [--max-warnings N] [--format text|json]',
    brief: 'check content, with warnings (for CI: --max-warnings N)',
    summary: 'Check a content folder and print its errors and warnings. Exits 1 on any error, or on more than N warnings.',
    positionals: { min: 1, max: 1, names: 'a content folder' },
    flags: {
      'max-warnings': { type: 'string', value: 'N', help: 'fail when there are more than N warnings (for CI)' },
      format: { type: 'string', value: 'FORMAT', help: 'text for people, json for tools', choices: ['text', 'json'], default: 'text' },
    },
    details: `Warnings: a card no hand can ever deal (SW001), a condition that is always true or false
(SW002), a world name nothing reads or writes (SW003), a deck with no cards (SW004).
With --format json, stdout is one JSON object: { ok, errors, warnings, maxWarnings, diagnostics: [...] }.`,
  },
  async run({ positionals, flags }, io) {
    const dir = positionals[0]!;
    const max = flags['max-warnings'] === undefined ? undefined : wholeNumber(flags['max-warnings'], '--max-warnings', 0);
    const r = await publishDir(dir);
    const errors = r.diagnostics.filter((d) => d.severity === 'error').length;
    const warnings = r.diagnostics.length - errors;
    const tooMany = max !== undefined && warnings > max;
    const ok = errors === 0 && !tooMany;
    if (flags.format === 'json') {
      println(io.stdout, JSON.stringify({ ok, errors, warnings, maxWarnings: max ?? null, diagnostics: r.diagnostics }));
      return ok ? EXIT.ok : EXIT.failed;
    }
    printDiagnostics(io.stdout, r, { color: useColor(io.stdout, io.env), warnings: true });
    const limit = tooMany ? ` (more than --max-warnings ${max})` : '';
    println(io.stdout, `${dir}: ${countLine(r.diagnostics)}${limit}`);
    return ok ? EXIT.ok : EXIT.failed;
  },
};
