/** `storyletengine publish <dir>`: check content and write the bundle. */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { countLine, printDiagnostics, publishDir } from '../content.js';
import type { Command } from '../command.js';
import { EXIT, UsageError, fsProblem, println, useColor } from '../io.js';

export const publishCommand: Command = {
  spec: {
    name: 'publish',
    synopsis: '<dir> [-o bundle.json] [--format text|json]',
    brief: 'check content and write its bundle',
    summary: 'Check a content folder and write its bundle. Exits 1 (and writes nothing) when there are errors.',
    positionals: { min: 1, max: 1, names: 'a content folder' },
    flags: {
      output: { type: 'string', short: 'o', value: 'FILE', help: 'where to write the bundle; - for stdout', default: 'bundle.json' },
      format: {
        type: 'string',
        value: 'FORMAT',
        help: 'how diagnostics are printed: text for people, json for tools',
        choices: ['text', 'json'],
        default: 'text',
      },
    },
    details: `Errors are printed like a compiler's, with the source line and a caret; warnings are
left to \`storyletengine lint\`. With --format json, stdout is one JSON object:
{ ok, output, errors, warnings, diagnostics: [{ code, number, severity, message, file, line, col, endLine, endCol, hint? }] }.
Keep the bundle outside the content folder: publish reads every .json file in it as content.`,
  },
  async run({ positionals, flags }, io) {
    const dir = positionals[0]!;
    const output = flags.output as string;
    const json = flags.format === 'json';
    if (json && output === '-') throw new UsageError('--format json prints a report on stdout, so the bundle needs a file: -o bundle.json');
    const r = await publishDir(dir);
    const errors = r.diagnostics.filter((d) => d.severity === 'error').length;
    const warnings = r.diagnostics.length - errors;
    let written: string | null = null;
    if (r.ok && r.bundle) {
      const text = `${JSON.stringify(r.bundle)}\n`;
      if (output === '-') io.stdout.write(text);
      else {
        try {
          // `-o build/village.json` names a folder that a fresh checkout does not have yet.
          await mkdir(dirname(output), { recursive: true });
          await writeFile(output, text);
        } catch (err) {
          io.stderr.write(`cannot write the bundle to ${output}: ${fsProblem(err)}\n`);
          return EXIT.failed;
        }
      }
      written = output;
    }
    if (json) {
      println(io.stdout, JSON.stringify({ ok: r.ok, output: written, errors, warnings, diagnostics: r.diagnostics }));
      return r.ok ? EXIT.ok : EXIT.failed;
    }
    printDiagnostics(io.stderr, r, { color: useColor(io.stderr, io.env) });
    if (!r.ok || !r.bundle) {
      io.stderr.write(`${dir}: ${countLine(r.diagnostics)}; no bundle written\n`);
      return EXIT.failed;
    }
    const b = r.bundle;
    const note = warnings > 0 ? `; ${warnings} warning${warnings === 1 ? '' : 's'} (see \`storyletengine lint ${dir}\`)` : '';
    // With the bundle on stdout, the summary must not mix into it.
    const summary = output === '-' ? io.stderr : io.stdout;
    println(
      summary,
      `${dir}: published ${plural(b.cards.length, 'card')}, ${plural(b.hands.length, 'hand')}, ${plural(b.boxes.length, 'box', 'boxes')}${output === '-' ? '' : ` to ${output}`} (bundle ${b.hash})${note}`,
    );
    return EXIT.ok;
  },
};

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
