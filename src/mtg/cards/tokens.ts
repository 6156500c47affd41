/**
 * The tokeniser of Forge's card-script format. Everything structural in a script is found by
 * splitting on its delimiters (`:` between a line's key and value, `|` between parameters, `$`
 * between a parameter's key and value, `:` between a keyword's arguments) and comparing whole
 * tokens; never by searching for substrings, which would find "Damage" in "PreventDamage".
 *
 * Forge reads a parameter line into a case-insensitive map (`FileSection.parseToMap`), later keys
 * overwriting earlier ones; {@link parseParams} keeps that meaning and reports what it overwrote.
 */

/** A parameter line's key/value pairs, in the order written, keys as first spelled. */
export type Params = Record<string, string>;

/** A problem found while tokenising, at a 0-based offset into the tokenised text. */
export type TokenProblem = {
  kind: 'empty-param' | 'param-without-value' | 'duplicate-param';
  offset: number;
  key: string;
};

/** A script line split at its first `:` (Forge's `CardRules.Reader.parseLine`). */
export type ScriptLine = { key: string; value: string; valueOffset: number };

/**
 * Splits `Key:value` at the first colon. A line with no colon, or one starting with a colon, has
 * no key: Forge ignores it, and the parser reports it.
 *
 * @example
 * ```ts
 * splitScriptLine('SVar:X:Count$xPaid'); // { key: 'SVar', value: 'X:Count$xPaid', valueOffset: 5 }
 * ```
 */
export function splitScriptLine(line: string): ScriptLine | undefined {
  const colon = line.indexOf(':');
  if (colon <= 0) return undefined;
  const rawValue = line.slice(colon + 1);
  const lead = rawValue.length - rawValue.trimStart().length;
  // The key is not trimmed: Forge compares it as written, so " A:" is not an ability line.
  return { key: line.slice(0, colon), value: rawValue.trim(), valueOffset: colon + 1 + lead };
}

/**
 * A null-prototype record: script-chosen keys such as `__proto__` stay plain data.
 *
 * @example
 * ```ts
 * const svars = emptyRecord<string>();
 * svars['__proto__'] = 'x'; // an ordinary entry, not a prototype change
 * ```
 */
export function emptyRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

const hasOwnProperty = Object.prototype.hasOwnProperty;

/**
 * Whether `record` has `key` as its own entry. Records loaded from JSON have `Object.prototype`,
 * so a bare `record[key]` would find `constructor`; every lookup of a script-chosen key goes
 * through here.
 *
 * @example
 * ```ts
 * own({ X: 1 }, 'constructor'); // undefined
 * ```
 */
export function own<T>(record: Record<string, T>, key: string): T | undefined {
  return hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/**
 * Tokenises `Key$ value | Key$ value | ...` into {@link Params}. Keys and values are trimmed; a
 * piece with no `$` becomes a key with an empty value, as in Forge, and is reported; a repeated
 * key (compared case-insensitively, as Forge's map does) keeps the last value and is reported.
 *
 * @example
 * ```ts
 * parseParams('DB$ Draw | NumCards$ 2').params; // { DB: 'Draw', NumCards: '2' }
 * ```
 */
export function parseParams(text: string): { params: Params; problems: TokenProblem[] } {
  const params = emptyRecord<string>();
  const spelled = new Map<string, string>();
  const problems: TokenProblem[] = [];
  let start = 0;
  for (;;) {
    const bar = text.indexOf('|', start);
    const end = bar === -1 ? text.length : bar;
    const piece = text.slice(start, end);
    const lead = piece.length - piece.trimStart().length;
    const offset = start + lead;
    if (piece.trim() === '') {
      // A trailing `|` is common and harmless; an empty piece in the middle is a typo.
      if (bar !== -1) problems.push({ kind: 'empty-param', offset, key: '' });
    } else {
      const dollar = piece.indexOf('$');
      const key = (dollar === -1 ? piece : piece.slice(0, dollar)).trim();
      const value = dollar === -1 ? '' : piece.slice(dollar + 1).trim();
      if (dollar === -1) problems.push({ kind: 'param-without-value', offset, key });
      if (key === '') {
        problems.push({ kind: 'empty-param', offset, key });
      } else {
        const folded = key.toLowerCase();
        const first = spelled.get(folded);
        if (first !== undefined) {
          problems.push({ kind: 'duplicate-param', offset, key });
          params[first] = value;
        } else {
          spelled.set(folded, key);
          params[key] = value;
        }
      }
    }
    if (bar === -1) break;
    start = bar + 1;
  }
  return { params, problems };
}

/**
 * Looks a parameter up the way Forge does: case-insensitively. Exact spelling is tried first
 * because it is by far the common case.
 *
 * @example
 * ```ts
 * paramValue({ Subability: 'DBDraw' }, 'SubAbility'); // 'DBDraw'
 * ```
 */
export function paramValue(params: Params, key: string): string | undefined {
  const exact = own(params, key);
  if (exact !== undefined) return exact;
  const folded = key.toLowerCase();
  for (const k in params) if (k.toLowerCase() === folded) return params[k];
  return undefined;
}

/**
 * Splits a list-valued parameter (`Choices$ DBA,DBB`, `AddAbility$ A & B`) into trimmed names.
 *
 * @example
 * ```ts
 * splitList('ABMana , ABPump & ABDraw'); // ['ABMana', 'ABPump', 'ABDraw']
 * ```
 */
export function splitList(value: string): string[] {
  const out: string[] = [];
  for (const comma of value.split(',')) {
    for (const part of comma.split('&')) {
      const name = part.trim();
      if (name !== '') out.push(name);
    }
  }
  return out;
}

/**
 * Splits a keyword-list parameter: `KW$ Flying & Haste` (and `AddKeyword$`, `Keywords$`) uses ` & `,
 * `TokenKeywords$ Flying<>Haste` uses `<>`. Forge's `HIDDEN ` marker is dropped: it only hides the
 * keyword from the card's text.
 *
 * @example
 * ```ts
 * splitKeywordList('Haste & HIDDEN Unblockable', ' & '); // ['Haste', 'Unblockable']
 * ```
 */
export function splitKeywordList(value: string, separator: ' & ' | '<>'): string[] {
  const out: string[] = [];
  for (const part of value.split(separator)) {
    let kw = part.trim();
    if (kw.startsWith('HIDDEN ')) kw = kw.slice('HIDDEN '.length).trim();
    if (kw !== '') out.push(kw);
  }
  return out;
}

/**
 * Splits a cost (`2 R T Sac<1/Creature/creature you control>`) on spaces that are not inside
 * `<...>`, which may hold a description with spaces.
 *
 * @example
 * ```ts
 * splitCost('1 R Sac<1/Creature/creature you control>'); // ['1', 'R', 'Sac<1/Creature/creature you control>']
 * ```
 */
export function splitCost(cost: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of cost) {
    if (ch === '<') depth++;
    else if (ch === '>' && depth > 0) depth--;
    if ((ch === ' ' || ch === '\t') && depth === 0) {
      if (current !== '') parts.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  if (current !== '') parts.push(current);
  return parts;
}

/**
 * Whether `text` is a plain identifier, the shape of an SVar name.
 *
 * @example
 * ```ts
 * isIdentifier('DBDraw');   // true
 * isIdentifier('Card.Self'); // false
 * ```
 */
export function isIdentifier(text: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(text);
}
