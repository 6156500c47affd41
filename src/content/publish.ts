/**
 * `publish`: content folder in, checked bundle and diagnostics out. It reads every file, merges
 * them, resolves templates and properties, parses and type-checks every expression against the
 * hands that can ask for it, runs the lints, and writes a bundle the runtime loads without any of
 * this machinery.
 *
 * **Architecture invariant:** publish never throws on authors' input; every problem becomes a
 * diagnostic with a position, and `ok` is false when any of them is an error.
 */
import { describeValue, nearest, StoryletError } from '../core/errors.js';
import { contentHasher } from '../core/hash.js';
import type { Statement, Type } from '../lang/ast.js';
import {
  checkCondition,
  checkEffects,
  checkPriority,
  sameType,
  typeName,
  type CheckEnv,
  type Checked,
  type HandNames,
  type NameInfo,
  type Uses,
} from '../lang/check.js';
import { constantValue } from '../lang/fold.js';
import { parse, type ParseMode } from '../lang/parse.js';
import { conditionSpecificity } from '../lang/specificity.js';
import {
  BUNDLE_FORMAT,
  BUNDLE_VERSION,
  type Bundle,
  type CardDecl,
  type CheckedExpr,
  type DeckDecl,
  type HandDecl,
  type PropertyDecl,
  type Redraw,
  type SourceAt,
  type TagGroupDecl,
  type Value,
} from './bundle.js';
import type { Diagnostic, Place } from './diagnostics.js';
import { emptyContent, readFile, type RawCard, type RawContent, type RawHandShape, type RawProperty } from './model.js';
import { checkTable, isTableFile } from './table-format.js';
import {
  entries,
  isMap,
  isScalar,
  parseYaml,
  Reporter,
  scalar,
  sourceFile,
  toJS,
  valueOffsetMapper,
  type Located,
  type SourceFile,
  type YamlNode,
} from './source.js';

/**
 * Where content comes from: files given as text, or a folder. A folder is read only by the Node
 * entry (`storyletengine/node`, which Node picks for `storyletengine` by itself); a browser build
 * passes `files`.
 */
export interface PublishSource {
  /**
   * A folder of `.yaml`, `.yml` and `.json` files, read recursively in path order. Node only: the
   * browser build of `publish` throws `publish/needs-node` for it.
   */
  dir?: string;
  /** File name → text (or bytes). Names are used in diagnostics. */
  files?: Readonly<Record<string, string | Uint8Array>>;
}

/** What {@link publish} returns: the bundle when no diagnostic is an error, and every diagnostic. */
export type PublishResult =
  | { ok: true; bundle: Bundle; diagnostics: Diagnostic[]; sources: Record<string, string> }
  | { ok: false; bundle?: undefined; diagnostics: Diagnostic[]; sources: Record<string, string> };

/**
 * Reads a content folder: file name (relative, with `/`) → bytes.
 *
 * @internal
 */
export type ContentDirReader = (dir: string) => Promise<Record<string, Uint8Array>>;

/**
 * Checks content and builds a bundle. In Node, `{ dir }` reads a folder; a browser bundle gets
 * this entry's build, which has no file system, and passes `{ files }`.
 *
 * Throws `publish/needs-node` when given `{ dir }` where there is no file system; content
 * problems never throw, they are diagnostics.
 *
 * @example
 * ```ts
 * const result = await publish({ files: { 'village.yaml': text } });
 * if (!result.ok) for (const d of result.diagnostics) console.error(formatDiagnostic(d, result.sources));
 * else fs.writeFileSync('bundle.json', JSON.stringify(result.bundle));
 * ```
 */
export function publish(source: PublishSource): Promise<PublishResult> {
  return publishSource(source, undefined);
}

/**
 * {@link publish} with a folder reader: the Node entry passes `readContentDir`; the main entry
 * passes none, so that nothing it reaches imports the file system (a browser bundler follows
 * even a dynamic `import()`).
 *
 * @internal
 */
export async function publishSource(source: PublishSource, readDir: ContentDirReader | undefined): Promise<PublishResult> {
  const files: Record<string, string | Uint8Array> = { ...(source.files ?? {}) };
  if (source.dir !== undefined) {
    if (readDir === undefined) {
      throw new StoryletError(
        'publish/needs-node',
        `publish({ dir: ${describeValue(source.dir)} }) reads a folder, and this build of storyletengine has no file system (a browser bundle): pass { files } instead, or in Node import { publish } from 'storyletengine/node'`,
        { dir: source.dir },
      );
    }
    try {
      Object.assign(files, await readDir(source.dir));
    } catch (err) {
      const rep = new Reporter();
      const why = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'it does not exist' : String((err as Error).message);
      rep.report('content/no-files', { file: source.dir, start: 0, end: 0 }, `cannot read the content folder ${source.dir}: ${why}`);
      return { ok: false, diagnostics: rep.diagnostics, sources: {} };
    }
  }
  return publishFiles(files);
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Values in all cards' data together, aliases expanded: far beyond any real game's needs. */
const MAX_DATA_VALUES = 1_000_000;
const KEYWORDS = new Set(['and', 'or', 'not', 'true', 'false', 'advance', 'retreat']);
/**
 * Names become keys of plain objects in the bundle and in snapshots (`world`, tag values), where
 * `__proto__` would set the object's prototype instead of holding a value.
 */
const RESERVED = new Set(['__proto__']);

/** The synchronous core of {@link publish}, for files already in memory. */
export function publishFiles(input: Readonly<Record<string, string | Uint8Array>>): PublishResult {
  const rep = new Reporter();
  const sources: Record<string, string> = {};
  const files = new Map<string, SourceFile>();
  const content = emptyContent();
  const names = Object.keys(input).sort();
  // Files that could not be read at all: the content is only partly known (see Publisher.partial).
  let unread = 0;
  if (names.length === 0)
    rep.report('content/no-files', { file: '(content)', start: 0, end: 0 }, 'there is no content to publish', 'give a folder with .yaml or .json files');
  for (const name of names) {
    const text = decode(name, input[name]!, rep);
    if (text === undefined) {
      unread++;
      continue;
    }
    sources[name] = text;
    const file = sourceFile(name, text);
    files.set(name, file);
    rep.addFile(file);
    const root = parseYaml(file, rep);
    // A table file describes a table (docs/table-and-search.md), not storylets: checked here with
    // the same reporter, it adds nothing to the bundle.
    if (root && isTableFile(name)) checkTable(root, rep);
    else if (root) readFile(root, content, rep);
    else unread++;
  }
  const bundle = new Publisher(content, rep, files, unread > 0).run();
  // Reading order groups problems by kind; authors read them by place.
  const diagnostics = rep.diagnostics.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.col - b.col));
  if (rep.errorCount > 0 || !bundle) return { ok: false, diagnostics, sources };
  return { ok: true, bundle, diagnostics, sources };
}

function decode(name: string, data: string | Uint8Array, rep: Reporter): string | undefined {
  if (typeof data === 'string') return data;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    rep.addFile(sourceFile(name, ''));
    rep.report('content/not-text', { file: name, start: 0, end: 0 }, 'this file is not UTF-8 text', 'content files must be YAML or JSON text');
    return undefined;
  }
}

/** What {@link Publisher.aliasSize} finds out about an aliased value. */
interface AliasSize {
  size: number;
  finite: boolean;
  cyclic: boolean;
}

/** A resolved hand or template: what the checker and the bundle need. */
interface ResolvedHand {
  id: string;
  box: string;
  template?: string;
  tags: Map<string, string>;
  choose: string[];
  properties: PropertyDecl[];
  raw: RawHandShape;
  /** Where the condition comes from (the template's, for a hand made from one). */
  conditionFrom?: RawHandShape;
  slots: number;
}

interface ResolvedGroup {
  id: string;
  properties: Map<string, PropertyDecl>;
  tags: Map<string, PropertyDecl[]>;
}

class Publisher {
  private readonly qualities = new Map<string, string[]>();
  private readonly world = new Map<string, PropertyDecl>();
  private readonly groups = new Map<string, ResolvedGroup>();
  private readonly templates = new Map<string, ResolvedHand>();
  private readonly hands = new Map<string, ResolvedHand>();
  private readonly worldUses = new Set<string>();
  private readonly cardIds = new Set<string>();

  constructor(
    private readonly content: RawContent,
    private readonly rep: Reporter,
    private readonly files: Map<string, SourceFile>,
    /**
     * Some file could not be parsed, so what it declares and uses is unknown. The lints that judge
     * the whole content (a world name nobody uses, a card no hand can deal, an empty deck) would
     * then report what the unread file may well supply: they are left out until it parses. Its
     * error already fails the publish.
     */
    private readonly partial = false,
  ) {}

  run(): Bundle | undefined {
    const c = this.content;
    for (const q of c.qualities) this.quality(q.id, q.place, q.stages, q.empty);
    for (const w of c.world) {
      if (!this.name(w.id, w.place, 'a world name')) continue;
      const decl = this.propertyValue(w, `@world.${w.id}`);
      if (decl) this.world.set(w.id, decl);
    }
    for (const g of c.groups) this.group(g);
    for (const t of c.templates) {
      const r = this.handShape(t, '', undefined);
      if (r) this.templates.set(t.id, r);
    }
    for (const b of c.boxes) {
      for (const h of b.hands) {
        if (this.hands.has(h.id)) {
          this.rep.report(
            'content/duplicate-id',
            h.place,
            `the hand \`${h.id}\` is declared twice`,
            'hand ids are unique across all content, since a game deals a hand by its id',
          );
          continue;
        }
        const r = this.hand(h, b.id);
        if (r) this.hands.set(h.id, r);
      }
    }
    const playAdvances = this.playAdvances();
    const handConditions = this.handConditions();
    const cards: CardDecl[] = [];
    const boxes = c.boxes.map((b) => {
      const decks: DeckDecl[] = b.decks.map((d) => {
        // Read once: a bad value is one mistake, not one per card.
        const deckShared = this.bool(d.shared, false, 'shared');
        const deckCards = d.cards.map((rc) => this.card(rc, deckShared)).filter((x): x is CardDecl => x !== undefined);
        for (const card of deckCards) cards.push(card); // not push(...): a deck may hold 100,000s
        if (d.cards.length === 0 && !this.partial) this.rep.report('lint/empty-deck', d.place, `the deck ${d.id} has no cards`, 'add cards or remove the deck');
        const decl: DeckDecl = { id: d.id, shared: deckShared, cards: deckCards.map((x) => x.id) };
        if (d.gate) {
          const dealers = this.unionDealers(d.cards, b.id);
          const gate = this.condition(d.gate, this.env(dealers, b.id, `the cards of deck ${d.id}`), 'a deck gate');
          if (gate) decl.gate = gate;
        }
        return decl;
      });
      return {
        id: b.id,
        specificity: this.bool(b.specificity, true, 'specificity'),
        decks,
        hands: b.hands.map((h) => h.id).filter((h) => this.hands.get(h)?.box === b.id),
      };
    });
    for (const w of this.partial ? [] : c.world) {
      if (this.world.has(w.id) && !this.worldUses.has(w.id)) {
        this.rep.report('lint/unused-world', w.place, `@world.${w.id} is never read or written`, 'use it in a condition or an effect, or remove it');
      }
    }
    if (this.rep.errorCount > 0) return undefined;

    const hands: HandDecl[] = [...this.hands.values()].map((h) => {
      const decl: HandDecl = { id: h.id, box: h.box, tags: Object.fromEntries(h.tags), choose: h.choose, properties: h.properties, slots: h.slots };
      if (h.template) decl.template = h.template;
      const cond = handConditions.get(h.id);
      if (cond) decl.condition = cond;
      return decl;
    });
    const tagGroups: TagGroupDecl[] = [...this.groups.values()].map((g) => ({ id: g.id, tags: [...g.tags].map(([id, properties]) => ({ id, properties })) }));
    const body: Omit<Bundle, 'hash'> = {
      format: BUNDLE_FORMAT,
      version: BUNDLE_VERSION,
      settings: { playAdvances },
      qualities: [...this.qualities].map(([id, stages]) => ({ id, stages })),
      world: [...this.world.values()],
      tagGroups,
      boxes,
      hands,
      cards,
    };
    const hash = contentHasher();
    writeSharing(body, this.sharedTrees, hash.update);
    return { ...body, hash: hash.digest() };
  }

  // ---- declarations --------------------------------------------------------------------------

  private name(id: string, place: Place, what: string): boolean {
    if (IDENT.test(id) && !KEYWORDS.has(id) && !RESERVED.has(id)) return true;
    this.rep.report(
      'content/bad-name',
      place,
      `\`${id}\` cannot be ${what}: names are letters, digits and _, not starting with a digit, and not a keyword (${[...KEYWORDS].join(', ')}) or ${[...RESERVED].join(', ')}`,
      'rename it',
    );
    return false;
  }

  private quality(id: string, place: Place, stages: { id: string; place: Place }[], empty: boolean): void {
    if (!this.name(id, place, 'a quality name')) return;
    const seen: string[] = [];
    const once = new Set<string>(); // `seen.includes` made a long ladder quadratic
    for (const s of stages) {
      if (!this.name(s.id, s.place, 'a stage name')) continue;
      if (once.has(s.id))
        this.rep.report('content/duplicate-id', s.place, `the stage \`${s.id}\` appears twice on the ladder ${id}`, 'each stage is listed once');
      else {
        once.add(s.id);
        seen.push(s.id);
      }
    }
    if (empty) this.rep.report('content/type', place, `the quality ${id} has no stages`, 'list its stages, lowest first: [calm, uneasy, haunted]');
    this.qualities.set(id, seen);
  }

  /** A declared value: `0`, `false`, `"text"` or `{ quality: ladder, start: stage }`. */
  private propertyValue(p: RawProperty, what: string, expected?: Type): PropertyDecl | undefined {
    const loc = p.value;
    if (isMap(loc.node)) {
      const es = entries(loc, this.rep, what);
      const q = es.find((e) => e.key === 'quality');
      const s = es.find((e) => e.key === 'start');
      for (const e of es) {
        if (e.key !== 'quality' && e.key !== 'start')
          this.rep.report(
            'content/unknown-key',
            e.keyPlace,
            `unknown key \`${e.key}\` in ${what}`,
            'a quality value is written { quality: ladder, start: stage }',
          );
      }
      if (!q) {
        this.rep.report('content/missing', loc.place, `${what} is a map but names no quality`, 'write { quality: ladder, start: stage }, or a plain value');
        return undefined;
      }
      const ladder = scalar(q.value, this.rep, 'a quality');
      if (typeof ladder !== 'string') return undefined;
      const stages = this.qualities.get(ladder);
      if (!stages) {
        const near = nearest(ladder, [...this.qualities.keys()]);
        this.rep.report(
          'content/unknown-quality',
          q.value.place,
          `unknown quality \`${ladder}\``,
          near ? `did you mean ${near}?` : 'declare it under `qualities:`',
        );
        return undefined;
      }
      const start = s ? scalar(s.value, this.rep, 'a stage') : stages[0];
      if (typeof start !== 'string' || !stages.includes(start)) {
        const near = typeof start === 'string' ? nearest(start, stages) : undefined;
        this.rep.report(
          'content/unknown-stage',
          (s ?? q).value.place,
          `\`${String(start)}\` is not a stage of ${ladder}`,
          near ? `did you mean ${near}?` : `its stages are ${stages.join(', ')}`,
        );
        // The name and its type are clear, so keep declaring it: its uses are not unknown names.
        // The error alone fails the publish, so this starting stage never reaches a bundle.
        return this.matches({ name: p.id, type: { kind: 'stage', ladder }, initial: stages[0] ?? '' }, expected, loc, what);
      }
      return this.matches({ name: p.id, type: { kind: 'stage', ladder }, initial: start }, expected, loc, what);
    }
    const v = scalar(loc, this.rep, what);
    if (v === undefined) return undefined;
    if (expected?.kind === 'stage' && typeof v === 'string') {
      // A tag may set a ladder property's start by the stage's name alone: `haunting: uneasy`.
      const stages = this.qualities.get(expected.ladder) ?? [];
      if (!stages.includes(v)) {
        const near = nearest(v, stages);
        this.rep.report(
          'content/unknown-stage',
          loc.place,
          `\`${v}\` is not a stage of ${expected.ladder}`,
          near ? `did you mean ${near}?` : `its stages are ${stages.join(', ')}`,
        );
        return undefined;
      }
      return { name: p.id, type: expected, initial: v };
    }
    const type: Type | undefined =
      typeof v === 'number' && Number.isFinite(v)
        ? { kind: 'number' }
        : typeof v === 'boolean'
          ? { kind: 'boolean' }
          : typeof v === 'string'
            ? { kind: 'string' }
            : undefined;
    if (!type) {
      if (typeof v === 'number')
        this.rep.report(
          'content/type',
          loc.place,
          `${what} starts at ${String(v)}, which the bundle cannot hold: it is JSON, which has no infinite or NaN numbers`,
          'write a finite number',
        );
      else this.rep.report('content/type', loc.place, `${what} needs a starting value: a number, true/false, text, or { quality: ladder, start: stage }`);
      return undefined;
    }
    return this.matches({ name: p.id, type, initial: v as Value }, expected, loc, what);
  }

  private matches(decl: PropertyDecl, expected: Type | undefined, loc: Located, what: string): PropertyDecl | undefined {
    if (!expected || sameType(decl.type, expected)) return decl;
    this.rep.report('content/type', loc.place, `${what} holds ${typeName(expected)}, but this starting value is ${typeName(decl.type)}`);
    return undefined;
  }

  private group(g: RawContent['groups'][number]): void {
    if (!this.name(g.id, g.place, 'a tag group name')) return;
    const properties = new Map<string, PropertyDecl>();
    for (const p of g.properties) {
      if (!this.name(p.id, p.place, 'a property name')) continue;
      const decl = this.propertyValue(p, `the property ${g.id}.${p.id}`);
      if (decl) properties.set(p.id, decl);
    }
    const tags = new Map<string, PropertyDecl[]>();
    for (const t of g.tags) {
      if (!this.name(t.id, t.place, 'a tag name')) continue;
      const own = new Map<string, PropertyDecl>();
      const starts = new Map<string, PropertyDecl>();
      for (const e of t.entries) {
        if (!this.name(e.id, e.place, 'a property name')) continue;
        const groupProp = properties.get(e.id);
        const decl = this.propertyValue(e, `the property ${g.id}.${t.id}.${e.id}`, groupProp?.type);
        if (!decl) continue;
        (groupProp ? starts : own).set(e.id, decl);
      }
      // The group's properties in their declared order with this tag's starts, then its own.
      const list = [...properties.values()].map((p) => starts.get(p.name) ?? p);
      tags.set(t.id, [...list, ...own.values()]);
    }
    this.groups.set(g.id, { id: g.id, properties, tags });
  }

  /** Resolves the tags, choices, properties and slots of a template or a stand-alone hand. */
  private handShape(h: RawHandShape, box: string, base: ResolvedHand | undefined): ResolvedHand | undefined {
    if (!this.name(h.id, h.place, 'a hand name')) return undefined;
    const tags = new Map(base?.tags ?? []);
    const choose = [...(base?.choose ?? [])];
    for (const b of h.tags) {
      const g = this.groupRef(b.group, b.groupPlace);
      if (!g) continue;
      if (!g.tags.has(b.tag)) {
        this.unknownTag(g, b.tag, b.tagPlace);
        continue;
      }
      if (base && !base.choose.includes(b.group)) {
        this.rep.report(
          'content/template-override',
          b.groupPlace,
          `the template ${base.id} does not leave ${b.group} open, so this hand cannot bind it`,
          `the template's open groups are: ${base.choose.join(', ') || '(none)'}`,
        );
        continue;
      }
      tags.set(b.group, b.tag);
      const i = choose.indexOf(b.group);
      if (i >= 0) choose.splice(i, 1);
    }
    for (const c of h.choose) {
      if (!this.groupRef(c.id, c.place)) continue;
      if (tags.has(c.id))
        this.rep.report('content/type', c.place, `${c.id} is both bound and left open`, 'a group is either bound in `tags` or listed in `choose`');
      else if (!choose.includes(c.id)) choose.push(c.id);
    }
    const properties = [...(base?.properties ?? [])];
    for (const p of h.properties) {
      if (!this.name(p.id, p.place, 'a property name')) continue;
      const decl = this.propertyValue(p, `the property ${h.id}.${p.id}`);
      if (decl) properties.push(decl);
    }
    let slots = base?.slots ?? 1;
    if (h.slots) {
      const v = h.slots.value;
      if (typeof v === 'number' && Number.isInteger(v) && v >= 1) slots = v;
      // undefined: not a single value, already reported by scalar().
      else if (v !== undefined) this.rep.report('content/bad-slots', h.slots.place, `slots must be a whole number of at least 1, not ${describeValue(v)}`);
    }
    const r: ResolvedHand = { id: h.id, box, tags, choose, properties, raw: h, slots };
    const from = h.condition ? h : base?.conditionFrom;
    if (from) r.conditionFrom = from;
    if (base) r.template = base.id;
    return r;
  }

  private hand(h: RawHandShape, box: string): ResolvedHand | undefined {
    if (!h.template) return this.handShape(h, box, undefined);
    const tpl = this.templates.get(h.template.id);
    if (!tpl) {
      const near = nearest(h.template.id, [...this.templates.keys()]);
      this.rep.report(
        'content/unknown-template',
        h.template.place,
        `unknown hand template \`${h.template.id}\``,
        near ? `did you mean ${near}?` : 'declare it under `handTemplates:`',
      );
      return undefined;
    }
    for (const [key, place] of h.written) {
      if (key === 'template' || key === 'slots' || key === 'tags') continue;
      this.rep.report(
        'content/template-override',
        place,
        `the hand ${h.id} is made from the template ${tpl.id}, so it cannot set \`${key}\``,
        `a hand made from a template may set only its slots and the tags the template leaves open; change the template, or write the hand without one`,
      );
    }
    return this.handShape(h, box, tpl);
  }

  private groupRef(id: string, place: Place): ResolvedGroup | undefined {
    const g = this.groups.get(id);
    if (!g) {
      const near = nearest(id, [...this.groups.keys()]);
      this.rep.report('content/unknown-group', place, `unknown tag group \`${id}\``, near ? `did you mean ${near}?` : 'declare it under `tagGroups:`');
    }
    return g;
  }

  private unknownTag(g: ResolvedGroup, tag: string, place: Place): void {
    const near = nearest(tag, [...g.tags.keys()]);
    this.rep.report(
      'content/unknown-tag',
      place,
      `\`${tag}\` is not a tag of ${g.id}`,
      near ? `did you mean ${near}?` : `its tags are ${[...g.tags.keys()].join(', ')}`,
    );
  }

  private playAdvances(): number {
    const loc = this.content.playAdvances;
    if (!loc) return 1;
    const v = scalar(loc, this.rep, 'playAdvances');
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
    // undefined: not a single value, already reported by scalar().
    if (v !== undefined)
      this.rep.report(
        'content/bad-setting',
        loc.place,
        `playAdvances is the number of turns a play advances its box: a whole number of 0 or more, not ${describeValue(v)}`,
      );
    return 1;
  }

  private bool(loc: Located | undefined, fallback: boolean, what: string): boolean {
    if (!loc) return fallback;
    const v = scalar(loc, this.rep, what);
    if (typeof v === 'boolean') return v;
    if (v !== undefined) this.rep.report('content/type', loc.place, `${what} is true or false, not ${describeValue(v)}`);
    return fallback;
  }

  private wholeNumber(loc: Located, what: string, min: number, code: 'content/bad-copies' | 'content/bad-redraw'): number | undefined {
    const v = scalar(loc, this.rep, what);
    if (typeof v === 'number' && Number.isInteger(v) && v >= min) return v;
    if (v !== undefined) this.rep.report(code, loc.place, `${what} must be a whole number of at least ${min}, not ${describeValue(v)}`);
    return undefined;
  }

  // ---- @hand environments ---------------------------------------------------------------------

  /** Can `hand` ever deal `card`? Every group the card names must be bound to one of its tags or left open. */
  private canDeal(hand: ResolvedHand, card: RawCard): boolean {
    return card.tags.every((t) => {
      const bound = hand.tags.get(t.group);
      if (bound !== undefined) return t.tags.some((x) => x.id === bound);
      return hand.choose.includes(t.group) && t.tags.length > 0;
    });
  }

  private dealers(card: RawCard, box: string): ResolvedHand[] {
    return [...this.hands.values()].filter((h) => h.box === box && this.canDeal(h, card));
  }

  private unionDealers(cards: RawCard[], box: string): ResolvedHand[] {
    const out = new Set<ResolvedHand>();
    for (const c of cards) for (const h of this.dealers(c, box)) out.add(h);
    return [...out];
  }

  /**
   * The names a hand offers, in the reference's order (tag properties, then the hand's own,
   * then the group names themselves), later overriding earlier. For a group the hand leaves
   * open, only the properties every possible tag has can be relied on; `cardTags` narrows the
   * possible tags to those the card may be dealt into.
   */
  private handNames(hand: ResolvedHand, cardTags?: Map<string, string[]>): Map<string, NameInfo> {
    const out = new Map<string, NameInfo>();
    const bound: string[] = [];
    for (const g of this.groups.values()) {
      const pinned = hand.tags.get(g.id);
      let candidates: string[];
      if (pinned !== undefined) candidates = [pinned];
      else if (hand.choose.includes(g.id)) candidates = cardTags?.get(g.id) ?? [...g.tags.keys()];
      else continue;
      bound.push(g.id);
      const lists = candidates.map((t) => g.tags.get(t) ?? []);
      for (const p of lists[0] ?? []) {
        if (lists.every((l) => l.some((q) => q.name === p.name && sameType(q.type, p.type)))) out.set(p.name, { type: p.type, writable: true });
      }
    }
    for (const p of hand.properties) out.set(p.name, { type: p.type, writable: true });
    for (const g of bound) out.set(g, { type: { kind: 'tag', group: g }, writable: false });
    return out;
  }

  private worldEnv?: Map<string, NameInfo>;
  private groupsEnv?: Map<string, string[]>;
  private readonly namesCache = new Map<string, Map<string, NameInfo>>();

  /** {@link handNames}, remembered: many cards share a hand and the same narrowing of its tags. */
  private cachedNames(hand: ResolvedHand, cardTags?: Map<string, string[]>): Map<string, NameInfo> {
    const key = this.namesKey(hand, cardTags);
    let names = this.namesCache.get(key);
    if (!names) this.namesCache.set(key, (names = this.handNames(hand, cardTags)));
    return names;
  }

  private namesKey(hand: ResolvedHand, cardTags?: Map<string, string[]>): string {
    const narrowed = hand.choose.map((g) => `${g}=${cardTags?.get(g)?.join(',') ?? '*'}`).join(';');
    return `${hand.id}\u0000${narrowed}`;
  }

  private env(dealers: ResolvedHand[], box: string, where: string, cardTags?: Map<string, string[]>): CheckEnv {
    const world = (this.worldEnv ??= new Map([...this.world.values()].map((w) => [w.name, { type: w.type, writable: true }])));
    const groups = (this.groupsEnv ??= new Map([...this.groups.values()].map((g) => [g.id, [...g.tags.keys()]])));
    const maps = dealers.map((h) => ({ hand: h, names: this.cachedNames(h, cardTags) }));
    // With no hand able to ask, a name is checked against every hand of the box, loosely.
    const fallback = () => [...this.hands.values()].filter((h) => h.box === box).map((h) => this.cachedNames(h));
    const describe = (h: ResolvedHand) => {
      const tags = [...h.tags].map(([g, t]) => `${g}=${t}`).join(', ');
      return `${h.id}${tags ? ` (${tags})` : ''}`;
    };
    const hand: HandNames = {
      lookup(name) {
        const unknown = () => {
          const known = new Set<string>();
          for (const m of maps.length ? maps.map((x) => x.names) : fallback()) for (const k of m.keys()) known.add(k);
          const near = nearest(name, [...known]);
          return {
            ok: false as const,
            code: 'lang/unknown-name' as const,
            message: `unknown name @hand.${name}`,
            hint: near ? `did you mean @hand.${near}?` : 'declare it as a tag group property or a hand property',
          };
        };
        if (maps.length === 0) {
          for (const m of fallback()) {
            const info = m.get(name);
            if (info) return { ok: true, info };
          }
          return unknown();
        }
        const missing = maps.filter((m) => !m.names.has(name));
        if (missing.length === maps.length) return unknown();
        if (missing.length > 0) {
          return {
            ok: false,
            code: 'lang/hand-name-missing',
            message: `@hand.${name} is not declared for ${missing.map((m) => describe(m.hand)).join(', ')}, which can deal ${where}`,
            hint: 'declare it for those hands (on the tag group, or as a hand property), or narrow the tags so only hands that have it can deal this',
          };
        }
        const first = maps[0]!.names.get(name)!;
        const clash = maps.find((m) => !sameType(m.names.get(name)!.type, first.type) || m.names.get(name)!.writable !== first.writable);
        if (clash)
          return {
            ok: false,
            code: 'lang/type',
            message: `@hand.${name} holds ${typeName(first.type)} in ${describe(maps[0]!.hand)} but ${typeName(clash.names.get(name)!.type)} in ${describe(clash.hand)}`,
          };
        return { ok: true, info: first };
      },
    };
    return { world, hand, qualities: this.qualities, groups };
  }

  // ---- expressions ---------------------------------------------------------------------------

  /**
   * Parses and checks one expression-valued field. Positions in the text are mapped back to the
   * file, so a diagnostic points at the culprit inside the YAML string.
   */
  private expression<T>(
    loc: Located,
    mode: ParseMode,
    check: (s: Statement[]) => Checked<T>,
    share?: string,
  ): { source: string; at: SourceAt; value: T } | undefined {
    const source = scalar(loc, this.rep, mode === 'effects' ? 'an effect' : 'an expression');
    if (source === undefined) return undefined;
    if (typeof source !== 'string') {
      this.rep.report('content/type', loc.place, `expected an expression written as text, not ${describeValue(source)}`, `quote it: "${String(source)}"`);
      return undefined;
    }
    const shareKey = share === undefined ? undefined : `${share}\u0000${mode}\u0000${source}`;
    const known = shareKey === undefined ? undefined : this.checkedShared.get(shareKey);
    if (known !== undefined) {
      this.noteUses(known.uses);
      return { source, at: this.rep.at(loc.place), value: known.value as T };
    }
    const file = this.files.get(loc.file)!;
    const map = valueOffsetMapper(file, loc);
    const at = (s: { start: number; end: number }): Place => ({ file: loc.file, start: map(s.start), end: Math.max(map(s.start) + 1, map(s.end)) });
    const parsed = this.parseCached(source, mode);
    if (!parsed.ok) {
      this.rep.report(parsed.problem.code, at(parsed.problem.span), parsed.problem.message);
      this.noteMentions(source);
      return undefined;
    }
    const checked = check(parsed.statements);
    for (const p of checked.problems) this.rep.report(p.code, at(p.span), p.message, p.hint);
    this.noteUses(checked.uses);
    if (checked.problems.length > 0) this.noteMentions(source);
    if (checked.value === undefined) return undefined;
    if (shareKey !== undefined && checked.problems.length === 0) {
      this.checkedShared.set(shareKey, { value: checked.value, uses: checked.uses });
      if (typeof checked.value === 'object' && checked.value !== null) this.sharedTrees.add(checked.value);
    }
    return { source, at: this.rep.at(loc.place), value: checked.value };
  }

  /**
   * Checked trees of card expressions that checked clean, by what decides the check: the kind of
   * field, the box and the names every hand that can deal the card offers, and the text. Content
   * repeats itself, and a 10,000-card box has a few hundred distinct texts: each is checked once
   * and its tree shared by the cards that use it (the bundle is read-only data; the engine then
   * compiles it once too). A text with a problem is checked again at every use, so every use is
   * reported where it is.
   */
  private readonly checkedShared = new Map<string, { value: unknown; uses: Uses }>();
  /** Those shared trees: the bundle's JSON text writes each once (see {@link stringifySharing}). */
  private readonly sharedTrees = new WeakSet<object>();

  private readonly parsed = new Map<string, ReturnType<typeof parse>>();

  /**
   * Content repeats itself (`@hand.peril = @hand.peril + 1` on a hundred cards), so each text is
   * parsed once per publish. The checker writes types into the tree, so each use gets a copy.
   */
  private parseCached(source: string, mode: ParseMode): ReturnType<typeof parse> {
    const key = `${mode}\u0000${source}`;
    let r = this.parsed.get(key);
    if (!r) this.parsed.set(key, (r = parse(source, mode)));
    return r.ok ? { ok: true, statements: cloneTree(r.statements) } : r;
  }

  private condition(loc: Located, env: CheckEnv, what: string, share?: string): CheckedExpr | undefined {
    const r = this.expression(loc, 'expression', (s) => checkCondition(s, env, what), share);
    if (!r) return undefined;
    const constant = constantValue(r.value);
    if (typeof constant === 'boolean') {
      this.rep.report(
        'lint/constant-condition',
        loc.place,
        `${what} is always ${constant}: it reads nothing that can change`,
        constant ? 'remove it' : 'as written, this can never pass',
      );
    }
    return { source: r.source, ast: r.value, at: r.at };
  }

  /**
   * A text with an error may never reach the checker's record of uses, yet it plainly means to use
   * the world names it mentions: count them, so its error is not joined by "never used" warnings.
   */
  private noteMentions(source: string): void {
    for (const m of source.matchAll(/@world\.([A-Za-z_][A-Za-z0-9_]*)/g)) this.worldUses.add(m[1]!);
  }

  private noteUses(uses: Uses): void {
    for (const r of [...uses.reads, ...uses.writes]) if (r.scope === 'world') this.worldUses.add(r.name);
  }

  private handConditions(): Map<string, CheckedExpr> {
    const out = new Map<string, CheckedExpr>();
    // A template's condition is checked once for each hand made from it, but reported once.
    const checkedTemplates = new Map<RawHandShape, CheckedExpr | undefined>();
    for (const h of this.hands.values()) {
      const from = h.conditionFrom;
      if (!from?.condition) continue;
      if (from !== h.raw && checkedTemplates.has(from)) {
        const c = checkedTemplates.get(from);
        if (c) out.set(h.id, c);
        continue;
      }
      const group = from === h.raw ? [h] : [...this.hands.values()].filter((x) => x.conditionFrom === from);
      const c = this.condition(
        from.condition,
        this.env(group, h.box, `the condition of ${from === h.raw ? `hand ${h.id}` : `template ${from.id}`}`),
        'a hand condition',
      );
      if (from !== h.raw) checkedTemplates.set(from, c);
      if (c) out.set(h.id, c);
    }
    // A template no hand is made from is still content: check its condition against the template
    // itself, the names every hand made from it would have.
    for (const tpl of this.templates.values()) {
      const cond = tpl.raw.condition;
      if (cond && !checkedTemplates.has(tpl.raw)) this.condition(cond, this.env([tpl], tpl.box, `the condition of template ${tpl.id}`), 'a hand condition');
    }
    return out;
  }

  // ---- cards ---------------------------------------------------------------------------------

  private card(rc: RawCard, deckShared: boolean): CardDecl | undefined {
    if (this.cardIds.has(rc.id)) {
      this.rep.report('content/duplicate-id', rc.place, `the card \`${rc.id}\` is declared twice`, 'card ids are unique across all content');
      return undefined;
    }
    this.cardIds.add(rc.id);
    const tags: Record<string, string[]> = {};
    const cardTags = new Map<string, string[]>();
    for (const t of rc.tags) {
      const g = this.groupRef(t.group, t.groupPlace);
      if (!g) continue;
      const ok = t.tags.filter((x) => {
        if (g.tags.has(x.id)) return true;
        this.unknownTag(g, x.id, x.place);
        return false;
      });
      if (t.tags.length === 0)
        this.rep.report('content/type', t.groupPlace, `the card lists no tag of ${t.group}`, 'name at least one tag, or leave the group out to match any');
      tags[t.group] = ok.map((x) => x.id);
      cardTags.set(t.group, tags[t.group]!);
    }
    const dealers = this.dealers(rc, rc.box);
    if (dealers.length === 0 && !this.partial) {
      this.rep.report(
        'lint/undealable-card',
        rc.place,
        `no hand can ever deal the card ${rc.id}: no hand in the box ${rc.box} binds or leaves open the tags it needs`,
        "add a hand with matching tags, or change the card's tags",
      );
    }
    const env = this.env(dealers, rc.box, `the card ${rc.id}`, cardTags);
    // What the check of the card's texts depends on besides the texts (see checkedShared).
    const envKey = `${rc.box}\u0001${dealers.length > 0 ? dealers.map((h) => this.namesKey(h, cardTags)).join('\u0002') : '*'}`;
    const decl: CardDecl = {
      id: rc.id,
      box: rc.box,
      deck: rc.deck,
      tags,
      priority: 0,
      specificity: 0,
      copies: 1,
      shared: false,
      sharedCopies: 1,
      redraw: 'always',
      effects: [],
      at: this.rep.at(rc.place),
    };
    if (rc.condition) {
      const c = this.condition(rc.condition, env, 'a card condition', `condition\u0001${envKey}`);
      if (c) decl.condition = c;
    }
    decl.specificity = Object.keys(tags).length + conditionSpecificity(decl.condition?.ast);
    if (rc.priority) {
      const v = isScalar(rc.priority.node) ? rc.priority.node.value : undefined;
      if (typeof v === 'number' && Number.isFinite(v)) decl.priority = v;
      else if (typeof v === 'number') {
        this.rep.report(
          'content/type',
          rc.priority.place,
          `a priority of ${String(v)} cannot be published: the bundle is JSON, which has no infinite or NaN numbers`,
          'write a finite number (any card with a higher priority than the rest wins)',
        );
      } else {
        const p = this.expression(rc.priority, 'expression', (s) => checkPriority(s, env), `priority\u0001${envKey}`);
        if (p) decl.priority = { source: p.source, ast: p.value, at: p.at };
      }
    }
    if (rc.copies) decl.copies = this.wholeNumber(rc.copies, 'copies', 1, 'content/bad-copies') ?? 1;
    decl.shared = this.bool(rc.shared, deckShared, 'shared');
    decl.sharedCopies = decl.copies;
    if (rc.sharedCopies) {
      if (!decl.shared) {
        this.rep.report(
          'content/shared-copies-without-shared',
          rc.sharedCopies.place,
          `sharedCopies counts copies across every flow, but the card ${rc.id} is not shared`,
          'add `shared: true` to the card or its deck, or remove sharedCopies',
        );
      } else decl.sharedCopies = this.wholeNumber(rc.sharedCopies, 'sharedCopies', 1, 'content/bad-copies') ?? decl.copies;
    }
    if (rc.redraw) decl.redraw = this.redraw(rc.redraw);
    for (const e of rc.effects) {
      const r = this.expression(e, 'effects', (s) => checkEffects(s, env), `effects\u0001${envKey}`);
      if (r) decl.effects.push({ source: r.source, statements: r.value, at: r.at });
    }
    for (const key of ['title', 'text'] as const) {
      const loc = rc[key];
      if (!loc) continue;
      const v = scalar(loc, this.rep, key);
      if (typeof v === 'string') decl[key] = v;
      else if (v !== undefined && v !== null) this.rep.report('content/type', loc.place, `${key} is text, not ${describeValue(v)}`);
    }
    if (rc.data?.node && this.dataFitsJson(rc.data.node, rc.data.file)) decl.data = toJS(rc.data.node) as Record<string, unknown>;
    return decl;
  }

  private dataValues = 0;
  private readonly aliasSizes = new WeakMap<object, AliasSize>();

  /**
   * A card's data travels in the bundle as JSON. Refuses numbers JSON cannot hold (`.inf`, `.nan`),
   * and data that YAML aliases blow up: ten lines of `&a`/`*a` can stand for billions of values,
   * which would take minutes to write out and then fail. Aliased values are sized once each.
   */
  private dataFitsJson(root: YamlNode, file: string): boolean {
    let ok = true;
    let size = 0;
    const stack: YamlNode[] = [root];
    while (stack.length > 0) {
      const n = stack.pop()!;
      size++;
      if (n.kind === 'map') for (const p of n.pairs) stack.push(p.value);
      else if (n.kind === 'seq') for (const item of n.items) stack.push(item);
      else if (typeof n.value === 'number' && !Number.isFinite(n.value)) {
        this.rep.report(
          'content/type',
          { file, start: n.start, end: n.end },
          `${String(n.value)} cannot be passed to the game: the bundle is JSON, which has no infinite or NaN numbers`,
          'write a large number, or text',
        );
        ok = false;
      } else if (n.value !== null && typeof n.value === 'object') {
        // An alias: js-yaml hands over the anchored value itself.
        const aliased = this.aliasSize(n.value);
        if (aliased.cyclic) {
          this.rep.report(
            'content/type',
            { file, start: n.start, end: n.end },
            'this alias stands for a value that contains the alias itself: written out, the data would never end',
            'an alias can repeat a value anchored elsewhere, not the value it is written inside',
          );
          ok = false;
          continue;
        }
        size += aliased.size;
        if (!aliased.finite) {
          this.rep.report(
            'content/type',
            { file, start: n.start, end: n.end },
            'this alias holds an infinite or NaN number, which the JSON bundle cannot hold',
            'write a large number, or text',
          );
          ok = false;
        }
      }
    }
    this.dataValues += size;
    if (this.dataValues > MAX_DATA_VALUES) {
      this.rep.report(
        'content/file-too-large',
        { file, start: root.start, end: root.end },
        `the cards' data grows to more than ${MAX_DATA_VALUES.toLocaleString('en')} values here, through YAML aliases: the bundle would be too large`,
        'write the values out, or reuse less through aliases',
      );
      return false;
    }
    return ok;
  }

  /**
   * How many values an aliased value stands for, whether its numbers are all finite, and whether
   * it contains itself (`data: &x { me: *x }`: js-yaml builds an object that holds itself). Walked
   * without recursion: aliases of aliases nest deeper than the text does. Each object is sized once.
   */
  private aliasSize(v: object): AliasSize {
    const known = this.aliasSizes.get(v);
    if (known) return known;
    const children = (o: object): unknown[] => (Array.isArray(o) ? o : Object.values(o));
    // The objects being sized, from `v` down: meeting one of them again is a cycle.
    const open = new Set<object>([v]);
    const stack: { o: object; items: unknown[]; next: number; size: number; finite: boolean }[] = [
      { o: v, items: children(v), next: 0, size: 1, finite: true },
    ];
    let done: AliasSize = { size: 0, finite: true, cyclic: false };
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      if (top.next < top.items.length) {
        const x = top.items[top.next++];
        if (x === null || typeof x !== 'object') {
          top.size++;
          if (typeof x === 'number' && !Number.isFinite(x)) top.finite = false;
          continue;
        }
        if (open.has(x)) {
          // Only `v` is remembered as cyclic: the objects between it and here are not finished.
          done = { size: 0, finite: true, cyclic: true };
          this.aliasSizes.set(v, done);
          return done;
        }
        const sized = this.aliasSizes.get(x);
        if (sized?.cyclic) {
          this.aliasSizes.set(v, sized);
          return sized;
        }
        if (sized) {
          top.size += sized.size;
          top.finite &&= sized.finite;
          continue;
        }
        open.add(x);
        stack.push({ o: x, items: children(x), next: 0, size: 1, finite: true });
        continue;
      }
      stack.pop();
      open.delete(top.o);
      done = { size: top.size, finite: top.finite, cyclic: false };
      this.aliasSizes.set(top.o, done);
      const parent = stack[stack.length - 1];
      if (parent) {
        parent.size += done.size;
        parent.finite &&= done.finite;
      }
    }
    return done;
  }

  private redraw(loc: Located): Redraw {
    const v = scalar(loc, this.rep, 'redraw');
    if (v === 'always' || v === 'never') return v;
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
    if (v !== undefined)
      this.rep.report('content/bad-redraw', loc.place, `redraw is \`always\`, \`never\` or a whole number of turns, not ${describeValue(v)}`);
    return 'always';
  }
}

/**
 * A deep copy of a parsed tree, which holds plain objects, arrays and primitives only. Written out
 * because structuredClone, which handles any value, was a third of a 10,000-card publish.
 */
function cloneTree<T>(v: T): T {
  if (typeof v !== 'object' || v === null) return v;
  if (Array.isArray(v)) return v.map(cloneTree) as T;
  const out: Record<string, unknown> = {};
  for (const k in v) out[k] = cloneTree((v as Record<string, unknown>)[k]);
  return out as T;
}

/**
 * Writes exactly the text of `JSON.stringify(value)`, in pieces, to `emit` (never joined: the
 * content hash reads them as they come), and works out the text of each object in `shared` once,
 * reusing it wherever the object appears again: the bundle shares one checked tree among the cards
 * that repeat a text, and writing its 20-odd MB of JSON was a fifth of a publish. Only plain objects
 * and arrays are walked here; anything else (and every shared object, the first time) goes to
 * JSON.stringify itself, so the text is byte for byte the same. Writes nothing where
 * JSON.stringify gives `undefined`; returns whether it wrote.
 *
 * @example
 * ```ts
 * const tree = { kind: 'number', value: 1 };
 * let text = '';
 * writeSharing({ a: tree, b: [tree] }, new WeakSet([tree]), (s) => (text += s));
 * text === JSON.stringify({ a: tree, b: [tree] }); // true
 * ```
 */
export function writeSharing(value: unknown, shared: WeakSet<object>, emit: (text: string) => void): boolean {
  const memo = new Map<object, string | undefined>();
  // The bundle's objects repeat a few keys (id, box, kind, span ...): each written out once.
  const keys = new Map<string, string>();
  // A plain object or array, not shared and without toJSON, is walked here; anything else is a
  // leaf, whose text JSON.stringify gives (once, for a shared object).
  const walked = (v: unknown): v is object => {
    if (typeof v !== 'object' || v === null || shared.has(v) || typeof (v as { toJSON?: unknown }).toJSON === 'function') return false;
    const proto: unknown = Object.getPrototypeOf(v);
    return Array.isArray(v) ? proto === Array.prototype : proto === Object.prototype || proto === null;
  };
  const leaf = (v: unknown): string | undefined => {
    if (typeof v !== 'object' || v === null || !shared.has(v)) return JSON.stringify(v);
    if (!memo.has(v)) memo.set(v, JSON.stringify(v));
    return memo.get(v);
  };
  const walk = (v: object): void => {
    if (Array.isArray(v)) {
      emit('[');
      for (let i = 0; i < v.length; i++) {
        if (i > 0) emit(',');
        const item: unknown = v[i];
        if (walked(item)) walk(item);
        else emit(leaf(item) ?? 'null');
      }
      emit(']');
      return;
    }
    emit('{');
    let first = true;
    for (const k of Object.keys(v)) {
      const item = (v as Record<string, unknown>)[k];
      const text = walked(item) ? null : leaf(item);
      if (text === undefined) continue; // what JSON.stringify leaves out of an object
      let key = keys.get(k);
      if (key === undefined) keys.set(k, (key = `${JSON.stringify(k)}:`));
      emit(first ? key : `,${key}`);
      first = false;
      if (text === null) walk(item as object);
      else emit(text);
    }
    emit('}');
  };
  if (walked(value)) {
    walk(value);
    return true;
  }
  const text = leaf(value);
  if (text === undefined) return false;
  emit(text);
  return true;
}
