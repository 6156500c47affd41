/**
 * Command-line arguments: each command declares its flags once, and the same declaration parses
 * them (node:util `parseArgs`, strict) and writes the `--help` text, so the two never disagree.
 */
import { parseArgs } from 'node:util';
import { attachNegativeValues } from '../core/argv.js';
import { UsageError } from './io.js';

export interface FlagSpec {
  type: 'string' | 'boolean';
  short?: string;
  /** Shown in help, e.g. `N` for `--runs N`. */
  value?: string;
  help: string;
  /** Allowed values, checked after parsing (shown in help). */
  choices?: readonly string[];
  default?: string;
}

/** A command as the CLI knows it: its name, arguments, flags and help. */
export interface CommandSpec {
  name: string;
  /** `<dir> [-o bundle.json]`: shown after the command name. */
  synopsis: string;
  /** One line for the command list. */
  brief: string;
  /** The first paragraph of `--help`. */
  summary: string;
  /** Positional arguments: `min` required, `max` allowed. */
  positionals: { min: number; max: number; names: string };
  flags: Record<string, FlagSpec>;
  /** Extra paragraphs for `--help`. */
  details?: string;
}

export interface Parsed {
  positionals: string[];
  flags: Record<string, string | boolean | undefined>;
}

const HELP: FlagSpec = { type: 'boolean', short: 'h', help: 'show this help' };

/**
 * Parses `argv` against the spec. Throws {@link UsageError} for an unknown flag, a missing value,
 * a value outside `choices` or the wrong number of positionals.
 *
 * @example
 * ```ts
 * const { positionals, flags } = parse(spec, ['examples/village', '--format', 'json']);
 * ```
 */
export function parse(spec: CommandSpec, argv: string[]): Parsed {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {};
  for (const [name, f] of Object.entries({ ...spec.flags, help: HELP })) {
    options[name] = f.short ? { type: f.type, short: f.short } : { type: f.type };
  }
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: attachNegativeValues(argv, options), options, allowPositionals: true, strict: true }));
  } catch (err) {
    // parseArgs' messages name the flag ("Unknown option '--frmat'"); keep them, drop its hint.
    throw new UsageError(String((err as Error).message).replace(/\. To specify a positional.*$/s, ''));
  }
  if (values.help) return { positionals, flags: values };
  for (const [name, f] of Object.entries(spec.flags)) {
    const v = values[name];
    if (v === undefined && f.default !== undefined) values[name] = f.default;
    else if (typeof v === 'string' && f.choices && !f.choices.includes(v)) {
      throw new UsageError(`--${name} is one of ${f.choices.join(', ')}, not ${JSON.stringify(v)}`);
    }
  }
  if (positionals.length < spec.positionals.min) throw new UsageError(`${spec.name} needs ${spec.positionals.names}`);
  if (positionals.length > spec.positionals.max) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[spec.positionals.max])}`);
  return { positionals, flags: values };
}

/**
 * A whole number from a flag, at least `min`; a {@link UsageError} otherwise.
 *
 * @example
 * ```ts
 * const runs = wholeNumber(flags.runs, '--runs', 1);
 * ```
 */
export function wholeNumber(v: string | boolean | undefined, flag: string, min: number): number {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n < min) throw new UsageError(`${flag} must be a whole number ≥ ${min}, got ${JSON.stringify(v ?? '')}`);
  return n;
}

/**
 * The `--help` text of a command.
 *
 * @example
 * ```ts
 * io.stdout.write(helpText(spec));
 * ```
 */
export function helpText(spec: CommandSpec): string {
  const rows = Object.entries({ ...spec.flags, help: HELP }).map(([name, f]) => {
    const left = `${f.short ? `-${f.short}, ` : '    '}--${name}${f.value ? ` ${f.value}` : ''}`;
    const extra = [f.choices ? `one of ${f.choices.join('|')}` : '', f.default !== undefined ? `default ${f.default}` : ''].filter(Boolean).join('; ');
    return [left, `${f.help}${extra ? ` (${extra})` : ''}`];
  });
  const width = Math.max(...rows.map(([l]) => l!.length)) + 2;
  const lines = [`usage: storyletengine ${spec.name} ${spec.synopsis}`, '', spec.summary, '', 'options:', ...rows.map(([l, r]) => `  ${l!.padEnd(width)}${r}`)];
  if (spec.details) lines.push('', spec.details.trim());
  return `${lines.join('\n')}\n`;
}
