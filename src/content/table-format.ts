/**
 * The table layer's content format: a `*.table.yaml` file describes one table (its seats, its
 * zones, its piles and their search settings). `publish` checks these files next to the storylet
 * content, with the same positioned diagnostics; {@link readTableFile} turns one into the options
 * `createTable` takes; {@link setTableSetting} rewrites one setting in the file's text without
 * touching anything else (the Board's Table view writes its edits back through it).
 *
 * See docs/table-and-search.md, "The table format".
 */
import { nearest } from '../core/errors.js';
import type { TableOptions } from '../table/table.js';
import type { PileOptions } from '../table/piles.js';
import type { ZoneOptions } from '../table/zones.js';
import type { After, Audience, PileKind } from '../table/state.js';
import type { Diagnostic, Place } from './diagnostics.js';
import {
  checkKeys,
  describeNode,
  entries,
  isMap,
  isScalar,
  items,
  parseYaml,
  Reporter,
  scalar,
  sourceFile,
  type Entry,
  type Located,
  type YamlNode,
} from './source.js';

/** A file is a table file when its name ends in `.table.yaml` (or `.table.yml`, `.table.json`). */
export function isTableFile(name: string): boolean {
  return /\.table\.(ya?ml|json)$/i.test(name);
}

export const TABLE_KEYS = ['seed', 'host', 'seats', 'zones', 'piles'] as const;
/**
 * Zone types an author can lay out. Only `area` zones carry a rule (`search`); the others are
 * layout the Board shows, and that `createTable` does not need.
 */
export const ZONE_KINDS = ['area', 'hand', 'hidden', 'layout', 'snap'] as const;
export type ZoneKind = (typeof ZONE_KINDS)[number];
export const AREA_ZONE_KEYS = ['kind', 'within', 'search'] as const;
export const PILE_KEYS = ['kind', 'name', 'owner', 'zone', 'search', 'afterSearch', 'visibleTo', 'cards'] as const;
const PILE_KINDS: readonly PileKind[] = ['deck', 'bag', 'hand', 'spread'];
export const SEARCH_OPTIONS: readonly Audience[] = ['not-set', 'no-one', 'owner', 'host', 'owner-and-host', 'anyone'];
export const AFTER_SEARCH_OPTIONS: readonly After[] = ['not-set', 'shuffle', 'keep-order'];
const VISIBILITIES = ['no-one', 'owner', 'host', 'owner-and-host', 'anyone'] as const;

/** One zone as the file declares it, any type. */
export interface TableZoneDecl {
  id: string;
  kind: ZoneKind;
  within?: string;
  search?: Audience;
}

/** What a table file declares, checked. */
export interface TableDecl {
  file: string;
  seed: string;
  host: string;
  seats: string[];
  /** Every zone, area or not, in file order. */
  zones: TableZoneDecl[];
  piles: PileOptions[];
}

/**
 * Checks one parsed table file, reporting every problem with its place. Returns the declaration
 * when nothing in it is an error.
 */
export function checkTable(root: Located, rep: Reporter): TableDecl | undefined {
  const before = rep.errorCount;
  const file = root.file;
  const top = entries(root, rep, 'a table file');
  if (root.node === null) {
    rep.report('content/missing', root.place, 'this table file is empty', 'a table file gives `host`, `seats` and its `piles` (see docs/table-and-search.md)');
    return undefined;
  }
  checkKeys(top, TABLE_KEYS, rep, 'a table file', nearest);
  const get = (k: string): Entry | undefined => top.find((e) => e.key === k);

  // Seats first: every owner and the host are checked against them.
  const seats: string[] = [];
  const seatsEntry = get('seats');
  if (!seatsEntry) rep.report('content/missing', root.place, 'a table file needs `seats`, the list of seat ids', 'add `seats: [host, alice, bob]`');
  else {
    for (const item of items(seatsEntry.value, rep, '`seats`', false)) {
      const id = name(item, rep, 'a seat');
      if (id === undefined) continue;
      if (seats.includes(id)) rep.report('content/duplicate-id', item.place, `seat \`${id}\` is listed twice`, 'list every seat once');
      else seats.push(id);
    }
    if (seats.length === 0 && isSeqish(seatsEntry.value.node))
      rep.report('content/missing', seatsEntry.value.place, '`seats` is empty', 'a table has at least one seat');
  }
  const seatRef = (loc: Located, what: string): string | undefined => {
    const id = name(loc, rep, what);
    if (id === undefined || seats.length === 0) return id;
    if (seats.includes(id)) return id;
    const near = nearest(id, seats);
    rep.report(
      'table/unknown-seat',
      loc.place,
      `${what} is \`${id}\`, which is not one of the seats (${seats.join(', ')})`,
      near ? `did you mean \`${near}\`?` : 'add it to `seats`, or name one of them',
    );
    return undefined;
  };

  const hostEntry = get('host');
  let host: string | undefined;
  if (!hostEntry)
    rep.report(
      'content/missing',
      root.place,
      'a table file needs `host`, the seat that hosts the table',
      seats[0] ? `add \`host: ${seats[0]}\`` : 'add `host: <one of the seats>`',
    );
  else host = seatRef(hostEntry.value, 'the host');

  const seedEntry = get('seed');
  let seed = `table:${file}`;
  if (seedEntry) {
    const s = name(seedEntry.value, rep, '`seed`');
    if (s !== undefined) seed = s;
  }

  // Zones, in file order; `within` may name a zone declared earlier only (no cycles, as addZone).
  const zones: TableZoneDecl[] = [];
  const zoneEntry = get('zones');
  for (const z of zoneEntry ? entries(zoneEntry.value, rep, '`zones`') : []) {
    const what = `zone \`${z.key}\``;
    const list = entries(z.value, rep, what);
    const kindE = list.find((e) => e.key === 'kind');
    let kind: ZoneKind | undefined;
    if (!kindE) rep.report('content/missing', z.keyPlace, `${what} needs a \`kind\``, `one of: ${ZONE_KINDS.join(', ')}`);
    else kind = option(kindE.value, ZONE_KINDS, rep, `the kind of ${what}`);
    checkKeys(
      list.filter((e) => e.key !== 'search' && e.key !== 'afterSearch'),
      AREA_ZONE_KEYS,
      rep,
      what,
      nearest,
    );
    const decl: TableZoneDecl = { id: z.key, kind: kind ?? 'area' };
    for (const e of list) {
      if (e.key === 'within') {
        const w = name(e.value, rep, '`within`');
        if (w === undefined) continue;
        const parent = zones.find((p) => p.id === w);
        if (!parent) unknownZone(rep, e.value.place, w, zones, 'a zone declared above this one');
        else decl.within = w;
      } else if (e.key === 'search') {
        if (kind !== undefined && kind !== 'area') {
          // Reference, "The zone's setting": the runtime resolves a pile's zone rule through the
          // smallest containing area zone, so a rule here would be a value nothing reads.
          rep.report(
            'table/zone-not-area',
            e.keyPlace,
            `${what} is a ${kind} zone, and only area zones take \`search\``,
            `nothing reads a search rule on a ${kind} zone: make it \`kind: area\`, or set \`search\` on each deck or bag instead`,
          );
          continue;
        }
        const v = option(e.value, SEARCH_OPTIONS, rep, `the search of ${what}`);
        if (v !== undefined) decl.search = v;
      } else if (e.key === 'afterSearch') {
        rep.report(
          'content/unknown-key',
          e.keyPlace,
          `${what}: zones take \`search\` only`,
          "set `afterSearch` on each pile: what happens after a search is the pile's own business",
        );
      }
    }
    if (zones.some((p) => p.id === z.key)) continue;
    zones.push(decl);
  }

  // Piles.
  const piles: PileOptions[] = [];
  const cardsSeen = new Map<string, string>();
  const pileEntry = get('piles');
  for (const p of pileEntry ? entries(pileEntry.value, rep, '`piles`') : []) {
    const what = `pile \`${p.key}\``;
    const list = entries(p.value, rep, what);
    checkKeys(list, PILE_KEYS, rep, what, nearest);
    const kindE = list.find((e) => e.key === 'kind');
    let kind: PileKind | undefined;
    if (!kindE) rep.report('content/missing', p.keyPlace, `${what} needs a \`kind\``, `one of: ${PILE_KINDS.join(', ')}`);
    else kind = option(kindE.value, PILE_KINDS, rep, `the kind of ${what}`);
    const pile: PileOptions = { id: p.key, kind: kind ?? 'deck' };
    for (const e of list) {
      switch (e.key) {
        case 'name': {
          const n = name(e.value, rep, `the name of ${what}`);
          if (n !== undefined) pile.name = n;
          break;
        }
        case 'owner': {
          const o = seatRef(e.value, `the owner of ${what}`);
          if (o !== undefined) pile.owner = o;
          break;
        }
        case 'zone': {
          const zid = name(e.value, rep, `the zone of ${what}`);
          if (zid === undefined) break;
          const zone = zones.find((z) => z.id === zid);
          if (!zone) unknownZone(rep, e.value.place, zid, zones, 'a zone of `zones`');
          else if (zone.kind !== 'area')
            rep.report(
              'table/zone-not-area',
              e.value.place,
              `${what} sits in \`${zid}\`, a ${zone.kind} zone; a pile names the smallest area zone that contains it`,
              'name an area zone here, or leave `zone` out',
            );
          else pile.zone = zid;
          break;
        }
        case 'search':
        case 'afterSearch': {
          if (kind !== undefined && kind !== 'deck' && kind !== 'bag') {
            rep.report(
              'table/not-searchable',
              e.keyPlace,
              `${what} is a ${kind}; only decks and bags can be searched, so \`${e.key}\` means nothing here`,
              `remove \`${e.key}\`, or make the pile a deck or a bag`,
            );
            break;
          }
          const v =
            e.key === 'search'
              ? option(e.value, SEARCH_OPTIONS, rep, `the search of ${what}`)
              : option(e.value, AFTER_SEARCH_OPTIONS, rep, `the afterSearch of ${what}`);
          if (v !== undefined) (pile as unknown as Record<string, unknown>)[e.key] = v;
          break;
        }
        case 'visibleTo': {
          if (isSeqish(e.value.node)) {
            const list2: string[] = [];
            for (const it of items(e.value, rep, '`visibleTo`')) {
              const s = seatRef(it, `a seat of the visibleTo of ${what}`);
              if (s !== undefined) list2.push(s);
            }
            pile.visibleTo = list2;
          } else {
            const v = option(e.value, VISIBILITIES, rep, `the visibleTo of ${what}`);
            if (v !== undefined) pile.visibleTo = v;
          }
          break;
        }
        case 'cards': {
          const cards: string[] = [];
          for (const it of items(e.value, rep, `the cards of ${what}`)) {
            const c = name(it, rep, 'a card');
            if (c === undefined) continue;
            const other = cardsSeen.get(c);
            if (other !== undefined) {
              rep.report(
                'table/duplicate-card',
                it.place,
                `card \`${c}\` is already in ${other === p.key ? 'this pile' : `pile \`${other}\``}`,
                'a card lies on the table once: rename one of them (`goblin_2`)',
              );
              continue;
            }
            cardsSeen.set(c, p.key);
            cards.push(c);
          }
          pile.cards = cards;
          break;
        }
      }
    }
    piles.push(pile);
  }
  if (rep.errorCount > before || host === undefined) return undefined;
  return { file, seed, host, seats, zones, piles };
}

/** The options `createTable` takes for a checked table file: area zones only, then the piles. */
export function tableOptions(decl: TableDecl): TableOptions {
  const zones: ZoneOptions[] = [];
  for (const z of decl.zones) {
    if (z.kind !== 'area') continue;
    const zone: ZoneOptions = { id: z.id, kind: 'area' };
    // A non-area parent is layout only: the area zone is then a top-level one for the table.
    if (z.within !== undefined && decl.zones.find((p) => p.id === z.within)?.kind === 'area') zone.within = z.within;
    if (z.search !== undefined) zone.search = z.search;
    zones.push(zone);
  }
  return { seed: decl.seed, host: decl.host, seats: [...decl.seats], zones, piles: decl.piles.map((p) => ({ ...p })) };
}

/** What {@link readTableFile} returns. */
export type TableFileResult =
  | { ok: true; options: TableOptions; table: TableDecl; diagnostics: Diagnostic[] }
  | { ok: false; options?: undefined; table?: undefined; diagnostics: Diagnostic[] };

/**
 * Reads one `*.table.yaml` file into `createTable`'s options, with the same diagnostics
 * `publish` reports for it. Never throws on the file's content.
 *
 * @example
 * ```ts
 * const r = readTableFile('tavern.table.yaml', text);
 * if (!r.ok) for (const d of r.diagnostics) console.error(formatDiagnostic(d, { 'tavern.table.yaml': text }));
 * else createTable(r.options).openSearch('alice', 'library');
 * ```
 */
export function readTableFile(name: string, text: string): TableFileResult {
  const rep = new Reporter();
  const file = sourceFile(name, text);
  rep.addFile(file);
  const root = parseYaml(file, rep);
  const table = root ? checkTable(root, rep) : undefined;
  if (!table || rep.errorCount > 0) return { ok: false, diagnostics: rep.diagnostics };
  return { ok: true, options: tableOptions(table), table, diagnostics: rep.diagnostics };
}

/** Which setting {@link setTableSetting} writes. */
export type TableSetting =
  | { target: 'pile'; id: string; key: 'search'; value: Audience }
  | { target: 'pile'; id: string; key: 'afterSearch'; value: After }
  | { target: 'zone'; id: string; key: 'search'; value: Audience };

/**
 * Rewrites one search setting in a table file's text, changing only the characters of that
 * value: comments, blank lines, quoting and key order elsewhere stay exactly as they were. An
 * existing value is replaced in place (`not-set` included, which the format accepts); a missing
 * key is added after the entity's last key, on a line of its own in a block map and as `, key: v`
 * in a flow map; setting `not-set` where there is no key changes nothing.
 *
 * Returns the new text, or a message saying why the edit could not be made.
 *
 * @example
 * ```ts
 * const r = setTableSetting(text, 'tavern.table.yaml', { target: 'pile', id: 'library', key: 'search', value: 'anyone' });
 * if (r.ok) writeFileSync(path, r.text);
 * ```
 */
export function setTableSetting(text: string, name: string, edit: TableSetting): { ok: true; text: string } | { ok: false; message: string } {
  const allowed = edit.key === 'search' ? SEARCH_OPTIONS : AFTER_SEARCH_OPTIONS;
  if (!(allowed as readonly string[]).includes(edit.value))
    return { ok: false, message: `\`${edit.key}\` takes one of ${allowed.join(', ')}, not ${JSON.stringify(edit.value)}` };
  const rep = new Reporter();
  const file = sourceFile(name, text);
  rep.addFile(file);
  const root = parseYaml(file, rep);
  if (!root || !isMap(root.node)) return { ok: false, message: `${name} could not be read as a table file; fix its errors first` };
  const group = pairValue(root.node, edit.target === 'pile' ? 'piles' : 'zones');
  const entity = group && isMap(group) ? pairValue(group, edit.id) : undefined;
  if (!entity || !isMap(entity)) return { ok: false, message: `${name} has no ${edit.target} \`${edit.id}\` written as a map` };
  // The same rule the format checks: only decks and bags take search settings, only area zones a rule.
  const kind = pairValue(entity, 'kind');
  const kindName = isScalar(kind) ? String(kind.value) : undefined;
  if (edit.target === 'pile' && kindName !== 'deck' && kindName !== 'bag')
    return { ok: false, message: `pile \`${edit.id}\` is a ${kindName ?? 'pile without a kind'}; only decks and bags take \`${edit.key}\`` };
  if (edit.target === 'zone' && kindName !== 'area')
    return { ok: false, message: `zone \`${edit.id}\` is a ${kindName ?? 'zone without a kind'} zone; only area zones take \`search\`` };
  const existing = entity.pairs.find((p) => isScalar(p.key) && p.key.value === edit.key);
  if (existing) {
    const v = existing.value;
    // `search:` with nothing after it is a null scalar placed at the key's end: write after `: `.
    if (isScalar(v) && v.value === null && v.start <= existing.key.end + 1) {
      const colon = text.indexOf(':', existing.key.end);
      return { ok: true, text: `${text.slice(0, colon + 1)} ${edit.value}${text.slice(colon + 1)}` };
    }
    return { ok: true, text: text.slice(0, v.start) + edit.value + text.slice(v.end) };
  }
  if (edit.value === 'not-set') return { ok: true, text };
  const last = entity.pairs[entity.pairs.length - 1];
  if (!last) return { ok: false, message: `${edit.target} \`${edit.id}\` is an empty map; give it a \`kind\` first` };
  if (text[entity.start] === '{') {
    return { ok: true, text: `${text.slice(0, last.value.end)}, ${edit.key}: ${edit.value}${text.slice(last.value.end)}` };
  }
  const first = entity.pairs[0]!.key;
  const lineStart = text.lastIndexOf('\n', first.start - 1) + 1;
  const indent = ' '.repeat(first.start - lineStart);
  // After the last value's own line, so a trailing comment on it stays on that line.
  const eol = text.indexOf('\n', last.value.end);
  const at = eol < 0 ? text.length : eol;
  const nl = text.includes('\r\n') ? '\r\n' : '\n';
  const lineEnd = text[at - 1] === '\r' ? at - 1 : at;
  return { ok: true, text: `${text.slice(0, lineEnd)}${nl}${indent}${edit.key}: ${edit.value}${text.slice(lineEnd)}` };
}

function pairValue(map: Extract<YamlNode, { kind: 'map' }>, key: string): YamlNode | undefined {
  return map.pairs.find((p) => isScalar(p.key) && String(p.key.value) === key)?.value;
}

function isSeqish(node: YamlNode | null): boolean {
  return node?.kind === 'seq';
}

/** A non-empty string scalar (a number is taken as its text), or undefined, reported. */
function name(loc: Located, rep: Reporter, what: string): string | undefined {
  const v = scalar(loc, rep, what);
  if (v === undefined) return undefined;
  if ((typeof v === 'string' && v !== '') || typeof v === 'number') return String(v);
  rep.report('content/type', loc.place, `${what} should be a name, not ${describeNode(loc.node)}`);
  return undefined;
}

/** One of `allowed`, or undefined with `table/unknown-option` and the nearest one. */
function option<T extends string>(loc: Located, allowed: readonly T[], rep: Reporter, what: string): T | undefined {
  const v = name(loc, rep, what);
  if (v === undefined) return undefined;
  if ((allowed as readonly string[]).includes(v)) return v as T;
  const near = nearest(v, allowed);
  rep.report(
    'table/unknown-option',
    loc.place,
    `${what} is \`${v}\`, which is not an option`,
    near ? `did you mean \`${near}\`? (options: ${allowed.join(', ')})` : `options: ${allowed.join(', ')}`,
  );
  return undefined;
}

function unknownZone(rep: Reporter, place: Place, id: string, zones: readonly TableZoneDecl[], expected: string): void {
  const near = nearest(
    id,
    zones.map((z) => z.id),
  );
  rep.report(
    'table/unknown-zone',
    place,
    `there is no zone \`${id}\` here; this names ${expected}`,
    near ? `did you mean \`${near}\`?` : 'declare it under `zones:` above',
  );
}
