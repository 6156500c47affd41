/**
 * The one error type the SDK throws at its API boundary. `code` is stable and namespaced
 * (`deal/unknown-hand`, `table/unknown-pile`): match on it, not on the message, which is written
 * for people and may be reworded.
 *
 * @example
 * ```ts
 * try { flow.deal('nowhere'); } catch (e) {
 *   if (e instanceof StoryletError && e.code === 'deal/unknown-hand') console.log(e.details.known);
 * }
 * ```
 */
export class StoryletError extends Error {
  override readonly name = 'StoryletError';
  readonly code: string;
  /** Structured facts about the failure: the id that was wrong, the known alternatives, ... */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(code: string, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.code = code;
    this.details = details;
  }
}

/**
 * Throws `code` naming `id` and listing what was known, so the message says how to fix the call.
 * `what` is the kind of thing looked up ("hand", "pile").
 */
export function unknownId(code: string, what: string, id: unknown, known: Iterable<string>): never {
  const list = [...known];
  const near = nearest(String(id), list);
  const hint = near ? ` (did you mean ${JSON.stringify(near)}?)` : '';
  const shown = list.length > 20 ? `${list.slice(0, 20).join(', ')}, … (${list.length} in all)` : list.join(', ');
  throw new StoryletError(code, `unknown ${what} ${describeValue(id)}${hint}; known: ${shown || '(none)'}`, {
    id,
    known: list,
  });
}

/** Longer descriptions are cut: a message names the culprit, it does not reprint it. */
const MAX_DESCRIBED = 80;

/**
 * A caller's value as it reads in a message: JSON where JSON can say it, and never a throw.
 * `JSON.stringify` throws on a BigInt and on a cycle, and says nothing for `undefined`, a function
 * or a symbol; a message built with it about a wrong value would fail with the wrong error.
 *
 * @example
 * ```ts
 * describeValue(3n); // '3n'
 * describeValue('elder'); // '"elder"'
 * ```
 */
export function describeValue(v: unknown): string {
  let out: string;
  switch (typeof v) {
    case 'bigint':
      out = `${v}n`;
      break;
    case 'undefined':
      out = 'undefined';
      break;
    case 'symbol':
      out = v.toString();
      break;
    case 'function':
      out = `a function${v.name ? ` ${v.name}` : ''}`;
      break;
    case 'number':
      // JSON writes NaN and the infinities as null.
      out = String(v);
      break;
    default:
      try {
        out = JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x)) ?? String(v);
      } catch {
        out = Array.isArray(v) ? 'a list that contains itself' : 'an object that contains itself';
      }
  }
  return out.length > MAX_DESCRIBED ? `${out.slice(0, MAX_DESCRIBED - 1)}…` : out;
}

/** The closest candidate by edit distance, if it is close enough to be a plausible typo. */
export function nearest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance || (d === bestDistance && best !== undefined && c < best)) {
      best = c;
      bestDistance = d;
    }
  }
  const limit = Math.max(1, Math.floor(word.length / 3));
  return bestDistance <= limit ? best : undefined;
}

/**
 * Edit distance where swapping two neighbouring letters is one edit, like inserting, deleting or
 * changing one (optimal string alignment), three rows at a time. Swapped letters are the commonest
 * typo (`nwo` for `now`); plain Levenshtein counts them as two edits, too many for a short name.
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let before = new Array<number>(b.length + 1).fill(0);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  let cur = new Array<number>(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      cur[j] = d;
    }
    [before, prev, cur] = [prev, cur, before];
  }
  return prev[b.length]!;
}
