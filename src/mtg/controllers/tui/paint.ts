/**
 * Terminal colour, or none: every styled string goes through a {@link Paint}, which is plain text
 * when colour is off (NO_COLOR, `--no-color-logs`, output that is not a terminal).
 */

/** The styles the `mtg` terminal output uses. */
export type Style = 'bold' | 'dim' | 'red' | 'green' | 'yellow' | 'blue' | 'magenta' | 'cyan';

const CODES: Record<Style, [number, number]> = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  blue: [34, 39],
  magenta: [35, 39],
  cyan: [36, 39],
};

/** Styles a text, or returns it as it is when colour is off. */
export type Paint = (style: Style, text: string) => string;

/**
 * A painter: ANSI escapes when `colour` is true, the identity otherwise.
 *
 * @example
 * ```ts
 * paint(false)('red', 'p2'); // 'p2'
 * paint(true)('red', 'p2');  // '\x1b[31mp2\x1b[39m'
 * ```
 */
export function paint(colour: boolean): Paint {
  if (!colour) return (_style, text) => text;
  return (style, text) => `\x1b[${CODES[style][0]}m${text}\x1b[${CODES[style][1]}m`;
}

/**
 * Whether to colour a stream: it is a terminal, NO_COLOR is unset or empty (https://no-color.org),
 * and the user did not turn colour off.
 *
 * @example
 * ```ts
 * const colour = wantsColour(process.stdout, process.env, options.noColor);
 * ```
 */
export function wantsColour(stream: { isTTY?: boolean }, env: Record<string, string | undefined>, off = false): boolean {
  if (off) return false;
  if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return false;
  return stream.isTTY === true;
}
