/**
 * The words of a REPL line: split on spaces, with "double quotes" keeping text together, and the
 * `group=tag` pairs that ask a hand for tags.
 */

/**
 * Splits a line into words; `"a b"` is one word `a b`. A `#` starting a word outside quotes
 * starts a comment.
 *
 * @example
 * ```ts
 * words('set name "Old Tom" # the smith'); // ['set', 'name', 'Old Tom']
 * ```
 */
export function words(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  let has = false;
  for (const ch of line) {
    if (quoted) {
      if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') {
      quoted = true;
      has = true;
    } else if (ch === '#' && !has) {
      break;
    } else if (/\s/.test(ch)) {
      if (has) out.push(cur);
      cur = '';
      has = false;
    } else {
      cur += ch;
      has = true;
    }
  }
  if (has) out.push(cur);
  return out;
}

/**
 * `npc=elder zone=forest` → `{ npc: 'elder', zone: 'forest' }`; undefined if a word is not a pair.
 *
 * @example
 * ```ts
 * askOf(['npc=elder']); // { npc: 'elder' }
 * ```
 */
export function askOf(pairs: readonly string[]): Record<string, string> | undefined {
  const ask: Record<string, string> = {};
  for (const p of pairs) {
    const m = /^([^=\s]+)=([^=\s]+)$/.exec(p);
    if (!m) return undefined;
    ask[m[1]!] = m[2]!;
  }
  return ask;
}

/**
 * How a hand instance is written back to people: `square npc=elder`.
 *
 * @example
 * ```ts
 * handLabel('square', { npc: 'elder' }); // 'square npc=elder'
 * ```
 */
export function handLabel(hand: string, ask: Readonly<Record<string, string>>): string {
  const pairs = Object.keys(ask)
    .sort()
    .map((g) => `${g}=${ask[g]}`);
  return [hand, ...pairs].join(' ');
}
