// Leak scanning (issue 15, exported from storyletengine/mtg): what faces a seat may not see right now, and a walk over any JSON that
// reports every string naming one of them. The replicated games' sync streams, the views given to
// controllers and issue 16's network messages are scanned with it.
import type { Seat } from '../choice.js';
import type { Game } from '../game.js';
import { faceVisible } from '../public-hash.js';

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
  /**
   * Names the seat may see that contain a hidden name as a word ("Ancestral Recall" while a
   * "Recall" is hidden): masked out before a string is scanned, so they are not taken for leaks.
   */
  visible: string[];
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

const identifierCache = new WeakMap<object, Map<string, string[]>>();

/** The strings that identify a card object's face: its registry name, each face's name, its script's file stem. */
function identifiers(game: Game, card: string): string[] {
  let cache = identifierCache.get(game.internals.registry);
  if (!cache) identifierCache.set(game.internals.registry, (cache = new Map()));
  let ids = cache.get(card);
  if (!ids) cache.set(card, (ids = computeIdentifiers(game, card)));
  return ids;
}

function computeIdentifiers(game: Game, card: string): string[] {
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
    const ids = o.copyOf ? [...identifiers(game, o.card), ...identifiers(game, o.copyOf.card)] : identifiers(game, o.card);
    if (faceVisible(o, seat)) for (const n of ids) seen.add(n.toLowerCase());
    else byId.set(o.id, ids);
  }
  const names = new Set<string>();
  for (const ids of byId.values()) for (const n of ids) if (!seen.has(n.toLowerCase())) names.add(n);
  const re = matcher([...names]);
  const visible = re ? [...seen].filter((v) => v.search(re) >= 0).sort() : [];
  return { seat, byId, names: [...names].sort(), visible };
}

/**
 * Keys whose values are characteristic words, not names: a dual land's subtype `Swamp` says
 * nothing about a hidden basic Swamp. A hidden object's characteristics showing up is caught by
 * its id instead (a view holds no card with a hidden id).
 */
export const WORD_KEYS: readonly string[] = ['types', 'subtypes', 'supertypes', 'cardTypes', 'keywords', 'colours'];

/** How {@link scanForLeaks} walks. */
export type ScanOptions = {
  /** Keys whose values are not scanned (default `WORD_KEYS`); the keys themselves still are. */
  skipKeys?: readonly string[];
};

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One case-insensitive, word-bounded matcher for all the names (a letter, digit or `_` may not
 * touch a match), longest first so that a longer name wins where two overlap; null for none.
 */
function matcher(names: readonly string[]): RegExp | null {
  const list = [...new Set(names.filter((n) => n.length > 0))].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  if (list.length === 0) return null;
  return new RegExp(`(?<![\\p{L}\\p{N}_])(?:${list.map(escape).join('|')})(?![\\p{L}\\p{N}_])`, 'giu');
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
export function scanForLeaks(entries: unknown, hidden: HiddenFaces | readonly string[], options: ScanOptions = {}): Leak[] {
  const skip = new Set(options.skipKeys ?? WORD_KEYS);
  const h: HiddenFaces | null = Array.isArray(hidden) ? null : (hidden as HiddenFaces);
  const names = h ? h.names : (hidden as readonly string[]);
  const re = matcher(names);
  const mask = matcher(h?.visible ?? []);
  const byLower = new Map(names.map((n) => [n.toLowerCase(), n] as const));
  const leaks: Leak[] = [];
  if (!re) return leaks;
  // Strings are gathered first and scanned together once: a clean value (the usual case) costs
  // one pass of the matcher; only when it finds something is each string looked at on its own.
  const texts: string[] = [];
  const paths: string[] = [];
  const add = (text: string, path: string): void => {
    texts.push(text);
    paths.push(path);
  };
  const seen = new Set<object>();
  const walk = (x: unknown, path: string): void => {
    if (typeof x === 'string') return add(x, path);
    if (x === null || typeof x !== 'object') return;
    if (seen.has(x)) return;
    seen.add(x);
    if (Array.isArray(x)) {
      x.forEach((v, i) => walk(v, `${path}[${i}]`));
      return;
    }
    if (x instanceof Map) {
      for (const [k, v] of x) {
        walk(k, `${path}<key>`);
        walk(v, `${path}.get(${JSON.stringify(k)})`);
      }
      return;
    }
    if (x instanceof Set) {
      [...x].forEach((v, i) => walk(v, `${path}<set ${i}>`));
      return;
    }
    for (const [k, v] of Object.entries(x)) {
      const at = /^[A-Za-z_$][\w$]*$/.test(k) ? `${path}.${k}` : `${path}[${JSON.stringify(k)}]`;
      add(k, `${at}<key>`);
      if (!skip.has(k)) walk(v, at);
    }
  };
  walk(entries, '$');
  const unmask = (text: string): string => (mask ? text.replace(mask, (m) => ' '.repeat(m.length)) : text);
  // NUL is no letter: names cannot run across two strings.
  re.lastIndex = 0;
  if (!re.test(unmask(texts.join('\u0000')))) return leaks;
  texts.forEach((text, i) => {
    const found = new Set<string>();
    // matchAll starts where the regex's lastIndex is: from the start of each string.
    re.lastIndex = 0;
    for (const m of unmask(text).matchAll(re)) found.add(byLower.get(m[0].toLowerCase()) ?? m[0]);
    for (const name of found) leaks.push({ path: paths[i]!, name, text: text.length > 200 ? `${text.slice(0, 197)}...` : text });
  });
  return leaks;
}
