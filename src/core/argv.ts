/**
 * One fix for node:util `parseArgs`, shared by the `storyletengine` and `mtg` commands: it reads
 * `--runs -3` as a flag missing its value followed by an unknown option, and says the argument is
 * "ambiguous". A value that looks like a negative number is meant as the value, so it is attached
 * (`--runs=-3`) and the command's own range check can say what range it wants.
 */

/**
 * `args` with every string option followed by a negative number written as `--name=-N`.
 *
 * @example
 * ```ts
 * attachNegativeValues(['--runs', '-3'], { runs: { type: 'string' } }); // ['--runs=-3']
 * ```
 */
export function attachNegativeValues(args: readonly string[], options: Readonly<Record<string, { type: 'string' | 'boolean'; short?: string }>>): string[] {
  const byShort = new Map<string, string>();
  for (const [name, o] of Object.entries(options)) if (o.short) byShort.set(o.short, name);
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      out.push(...args.slice(i));
      break;
    }
    const name = arg.startsWith('--') ? arg.slice(2) : /^-[^-]$/.test(arg) ? byShort.get(arg.slice(1)) : undefined;
    const next = args[i + 1];
    if (
      name !== undefined &&
      !name.includes('=') &&
      Object.prototype.hasOwnProperty.call(options, name) &&
      options[name]!.type === 'string' &&
      next !== undefined &&
      /^-\d/.test(next)
    ) {
      out.push(`--${name}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}
