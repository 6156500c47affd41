// Leak scanning (issue 15): what faces a seat may not see right now, and a walk over any JSON that
// reports every string naming one of them. The replicated games' sync streams, the views given to
// controllers and issue 16's network messages are scanned with it.
import type { Game, Seat } from '../../src/mtg/engine/index.js';
import { faceVisible } from '../../src/mtg/engine/public-hash.js';

/** The faces `seat` may not see now: each hidden object's identifying strings, and their union. */
export type HiddenFaces = {
  seat: Seat;
  /** Object id → the strings that name its face: registry name, each face's name, script file stem. */
  byId: Map<number, string[]>;
  /**
   * The strings to look for: the hidden faces' names less those of faces `seat` may see on some
   * other object (four Mountains, one on the battlefield: "Mountain" says nothing about the rest).
   */
  names: string[];
};

/** One string found naming a hidden face. */
export type Leak = {
  /** Where in the scanned value: `$[3].card.name`. */
  path: string;
  /** The hidden name it contains. */
  name: string;
  /** The string itself (cut to 200 characters). */
  text: string;
};

/** The strings that identify a card object's face: its registry name, each face's name, its script's file stem. */
function identifiers(game: Game, card: string): string[] {
  const out = new Set<string>([card]);
  const c = game.internals.registry.lookup(card);
  if (c) {
    for (const f of c.faces) if (f.name) out.add(f.name);
    const stem = c.file.replace(/^.*\//, '').replace(/\.txt$/, '');
    if (stem) out.add(stem);
  }
  return [...out];
}

/**
 * The faces `seat` may not see right now, per object id (tokens are always public; a card is
 * hidden from a seat that was never shown it in a library or a hand, and a face-down permanent
 * from all but its controller), and the names to scan for.
 *
 * @example
 * ```ts
 * const hidden = hiddenFaces(game, 0);
 * expect(scanForLeaks(game.view(0), hidden)).toEqual([]);
 * ```
 */
export function hiddenFaces(game: Game, seat: Seat): HiddenFaces {
  const byId = new Map<number, string[]>();
  const seen = new Set<string>();
  for (const o of game.state.objects) {
    if (!o) continue;
    const ids = identifiers(game, o.card);
    if (o.copyOf) ids.push(...identifiers(game, o.copyOf.card));
    if (faceVisible(o, seat)) for (const n of ids) seen.add(n.toLowerCase());
    else byId.set(o.id, ids);
  }
  const names = new Set<string>();
  for (const ids of byId.values()) for (const n of ids) if (!seen.has(n.toLowerCase())) names.add(n);
  return { seat, byId, names: [...names].sort() };
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A case-insensitive, word-bounded matcher for each name (a letter, digit or `_` may not touch it). */
function matchers(names: readonly string[]): { name: string; re: RegExp }[] {
  return names.filter((n) => n.length > 0).map((name) => ({ name, re: new RegExp(`(?<![\\p{L}\\p{N}_])${escape(name)}(?![\\p{L}\\p{N}_])`, 'iu') }));
}

/**
 * Walks any JSON value (object keys too) and reports every string that contains a hidden name,
 * case-insensitively and as a whole word, with its path. `hidden` is a {@link hiddenFaces} result
 * or a plain list of names.
 *
 * @example
 * ```ts
 * scanForLeaks({ log: ['p2 drew Black Lotus'] }, ['Black Lotus']);
 * // [{ path: '$.log[0]', name: 'Black Lotus', text: 'p2 drew Black Lotus' }]
 * ```
 */
export function scanForLeaks(entries: unknown, hidden: HiddenFaces | readonly string[]): Leak[] {
  const res = matchers(Array.isArray(hidden) ? (hidden as readonly string[]) : (hidden as HiddenFaces).names);
  const leaks: Leak[] = [];
  if (res.length === 0) return leaks;
  const check = (text: string, path: string): void => {
    for (const { name, re } of res) if (re.test(text)) leaks.push({ path, name, text: text.length > 200 ? `${text.slice(0, 197)}...` : text });
  };
  const seen = new Set<object>();
  const walk = (x: unknown, path: string): void => {
    if (typeof x === 'string') return check(x, path);
    if (x === null || typeof x !== 'object') return;
    if (seen.has(x)) return;
    seen.add(x);
    if (Array.isArray(x)) return x.forEach((v, i) => walk(v, `${path}[${i}]`));
    if (x instanceof Map) {
      for (const [k, v] of x) {
        walk(k, `${path}<key>`);
        walk(v, `${path}.get(${JSON.stringify(k)})`);
      }
      return;
    }
    if (x instanceof Set) return [...x].forEach((v, i) => walk(v, `${path}<set ${i}>`));
    for (const [k, v] of Object.entries(x)) {
      const at = /^[A-Za-z_$][\w$]*$/.test(k) ? `${path}.${k}` : `${path}[${JSON.stringify(k)}]`;
      check(k, `${at}<key>`);
      walk(v, at);
    }
  };
  walk(entries, '$');
  return leaks;
}
