/**
 * The symbol index of a content folder: every declaration and every use of a world name, `@hand`
 * name, quality, stage, tag group, tag, template, hand, box, deck and card, as spans in files.
 * Definition, references, rename, hover and completion are all answered from it.
 *
 * It reads the files with publish's own reader (`parseYaml`, `readFile`), so what it calls a
 * card or a condition is exactly what publish does; the expressions are lexed with the language's
 * lexer and every token is mapped back through the YAML scalar (`valueOffsetMapper`), so a name
 * inside a quoted, plain or folded string lands on its characters in the file.
 */
import { lexer } from '../lang/lexer.js';
import type { Place } from '../content/diagnostics.js';
import { emptyContent, readFile, type RawContent, type RawProperty } from '../content/model.js';
import { isMap, isScalar, parseYaml, Reporter, sourceFile, valueOffsetMapper, type Located, type SourceFile } from '../content/source.js';

export type SymbolKind = 'world' | 'hand-name' | 'quality' | 'stage' | 'group' | 'tag' | 'template' | 'hand' | 'box' | 'deck' | 'card';

/** One place a symbol is written. `key` names the symbol: `world:coins`, `tag:zone.forest`. */
export interface Occurrence {
  key: string;
  kind: SymbolKind;
  /** The name as written (the last segment: `forest` for `tag:zone.forest`). */
  name: string;
  file: string;
  /** The name's characters only: no quotes, no `@world.`. */
  start: number;
  end: number;
  decl: boolean;
  /** In an effect, as the target of `=` or of `advance`/`retreat`. */
  write?: boolean;
  /** What holds it: `card goblin_rumour`, `hand elder_chat`, `deck village/rumours`. */
  owner?: string;
}

/** Where an expression is, for completion: its scalar and the owner (a card, a hand, a deck). */
export interface ExprSite {
  file: string;
  loc: Located;
  owner: string;
  /** The cards whose dealing hands can ask: the card itself, or every card of a gated deck. */
  cards?: string[];
  /** The hand (or template) whose condition this is. */
  hand?: string;
  role: 'condition' | 'priority' | 'effects' | 'gate';
}

export interface ProjectIndex {
  content: RawContent;
  files: Map<string, SourceFile>;
  occurrences: Occurrence[];
  byFile: Map<string, Occurrence[]>;
  byKey: Map<string, Occurrence[]>;
  sites: ExprSite[];
  /** The quality a world or hand name holds, from its `{ quality: q }` starting value. */
  qualityOf: Map<string, string>;
}

/** One file read on its own, kept while its text is unchanged (see {@link IndexCache}). */
interface FileEntry {
  text: string;
  file: SourceFile;
  content: RawContent;
}

/**
 * What {@link buildIndex} keeps between calls: each file's reading, by name, reused while its text
 * is the same, so an edit re-reads one file, not the folder; and each expression's tokens.
 */
export interface IndexCache {
  files: Map<string, FileEntry>;
  tokens: WeakMap<object, ExprToken[]>;
}

export function indexCache(): IndexCache {
  return { files: new Map(), tokens: new WeakMap() };
}

/**
 * Builds the index of a set of files (name → text). Never throws on authors' input. Files are read
 * one by one (publish's `readFile` into a model of their own) and merged here the way `readFile`
 * merges them, a box spread over files being one box.
 */
export function buildIndex(texts: ReadonlyMap<string, string>, cache: IndexCache = indexCache()): ProjectIndex {
  const content = emptyContent();
  const files = new Map<string, SourceFile>();
  const boxes = new Map<string, RawContent['boxes'][number]>();
  for (const name of [...cache.files.keys()]) if (!texts.has(name)) cache.files.delete(name);
  for (const name of [...texts.keys()].sort()) {
    const text = texts.get(name)!;
    let entry = cache.files.get(name);
    if (entry?.text !== text) {
      const rep = new Reporter();
      const file = sourceFile(name, text);
      rep.addFile(file);
      entry = { text, file, content: emptyContent() };
      const root = parseYaml(file, rep);
      if (root) readFile(root, entry.content, rep);
      cache.files.set(name, entry);
    }
    files.set(name, entry.file);
    const c = entry.content;
    content.playAdvances ??= c.playAdvances;
    content.world.push(...c.world);
    content.qualities.push(...c.qualities);
    content.groups.push(...c.groups);
    content.templates.push(...c.templates);
    for (const card of c.cards) content.cards.push(card);
    for (const b of c.boxes) {
      let merged = boxes.get(b.id);
      if (!merged) {
        merged = { id: b.id, place: b.place, decks: [], hands: [] };
        boxes.set(b.id, merged);
        content.boxes.push(merged);
      }
      merged.specificity ??= b.specificity;
      merged.decks.push(...b.decks);
      merged.hands.push(...b.hands);
    }
  }
  const occ: Occurrence[] = [];
  const sites: ExprSite[] = [];
  const qualityOf = new Map<string, string>();
  const add = (kind: SymbolKind, key: string, name: string, place: Place, decl: boolean, owner?: string) => {
    const file = files.get(place.file);
    let { start, end } = place;
    if (file) {
      const c = file.text[start];
      if ((c === '"' || c === "'") && end - start >= 2) {
        start++;
        end--;
      }
    }
    const o: Occurrence = { key, kind, name, file: place.file, start, end, decl };
    if (owner) o.owner = owner;
    occ.push(o);
  };
  const property = (p: RawProperty, kind: 'world' | 'hand-name', decl: boolean, owner?: string) => {
    const key = `${kind}:${p.id}`;
    add(kind, key, p.id, p.place, decl, owner);
    const v = p.value.node;
    if (!isMap(v)) return;
    let ladder: string | undefined;
    for (const pair of v.pairs) {
      if (!isScalar(pair.key) || !isScalar(pair.value) || typeof pair.value.value !== 'string') continue;
      const place = { file: p.value.file, start: pair.value.start, end: pair.value.end };
      if (pair.key.value === 'quality') {
        ladder = pair.value.value;
        qualityOf.set(key, ladder);
        add('quality', `quality:${ladder}`, ladder, place, false, owner);
      }
    }
    for (const pair of v.pairs) {
      if (ladder && isScalar(pair.key) && pair.key.value === 'start' && isScalar(pair.value) && typeof pair.value.value === 'string') {
        add(
          'stage',
          `stage:${ladder}.${pair.value.value}`,
          pair.value.value,
          { file: p.value.file, start: pair.value.start, end: pair.value.end },
          false,
          owner,
        );
      }
    }
  };

  for (const w of content.world) property(w, 'world', true, 'world');
  for (const q of content.qualities) {
    add('quality', `quality:${q.id}`, q.id, q.place, true);
    for (const s of q.stages) add('stage', `stage:${q.id}.${s.id}`, s.id, s.place, true);
  }
  for (const g of content.groups) {
    add('group', `group:${g.id}`, g.id, g.place, true);
    for (const p of g.properties) property(p, 'hand-name', true, `group ${g.id}`);
    for (const t of g.tags) {
      add('tag', `tag:${g.id}.${t.id}`, t.id, t.place, true);
      for (const p of t.entries) property(p, 'hand-name', true, `tag ${g.id}.${t.id}`);
    }
  }
  const shapes = [
    ...content.templates.map((t) => ({ shape: t, what: 'template' as const })),
    ...content.boxes.flatMap((b) => b.hands.map((h) => ({ shape: h, what: 'hand' as const }))),
  ];
  for (const { shape, what } of shapes) {
    const owner = `${what} ${shape.id}`;
    add(what, `${what}:${shape.id}`, shape.id, shape.place, true);
    if (shape.template) add('template', `template:${shape.template.id}`, shape.template.id, shape.template.place, false, owner);
    for (const b of shape.tags) {
      add('group', `group:${b.group}`, b.group, b.groupPlace, false, owner);
      add('tag', `tag:${b.group}.${b.tag}`, b.tag, b.tagPlace, false, owner);
    }
    for (const c of shape.choose) add('group', `group:${c.id}`, c.id, c.place, false, owner);
    for (const p of shape.properties) property(p, 'hand-name', true, owner);
    if (shape.condition)
      sites.push({ file: shape.condition.file, loc: shape.condition, owner, role: 'condition', ...(what === 'hand' ? { hand: shape.id } : {}) });
  }
  for (const b of content.boxes) {
    add('box', `box:${b.id}`, b.id, b.place, true);
    for (const d of b.decks) {
      add('deck', `deck:${b.id}.${d.id}`, d.id, d.place, true);
      const owner = `deck ${b.id}/${d.id}`;
      if (d.gate) sites.push({ file: d.gate.file, loc: d.gate, owner, role: 'gate', cards: d.cards.map((c) => c.id) });
    }
  }
  for (const c of content.cards) {
    const owner = `card ${c.id}`;
    add('card', `card:${c.id}`, c.id, c.place, true);
    for (const t of c.tags) {
      add('group', `group:${t.group}`, t.group, t.groupPlace, false, owner);
      for (const tag of t.tags) add('tag', `tag:${t.group}.${tag.id}`, tag.id, tag.place, false, owner);
    }
    if (c.condition) sites.push({ file: c.condition.file, loc: c.condition, owner, cards: [c.id], role: 'condition' });
    if (c.priority) sites.push({ file: c.priority.file, loc: c.priority, owner, cards: [c.id], role: 'priority' });
    for (const e of c.effects) sites.push({ file: e.file, loc: e, owner, cards: [c.id], role: 'effects' });
  }

  // Bare words are tags or stages; which one is settled by the checker against what they are
  // compared with. The index takes the one declaration of that name, preferring stages.
  const bare = new Map<string, string>();
  for (const g of [...content.groups].reverse()) for (const t of g.tags) bare.set(t.id, `tag:${g.id}.${t.id}`);
  for (const q of [...content.qualities].reverse()) for (const s of q.stages) bare.set(s.id, `stage:${q.id}.${s.id}`);
  for (const site of sites) {
    const file = files.get(site.file);
    if (!file) continue;
    let tokens = site.loc.node ? cache.tokens.get(site.loc.node) : undefined;
    if (!tokens) {
      tokens = exprTokens(file, site.loc);
      if (site.loc.node) cache.tokens.set(site.loc.node, tokens);
    }
    for (const t of tokens) {
      if (t.type === 'scoped') {
        const [scope, name] = t.text.slice(1).split('.');
        if (!name || (scope !== 'world' && scope !== 'hand')) continue;
        const kind = scope === 'world' ? 'world' : 'hand-name';
        const o: Occurrence = {
          key: `${kind}:${name}`,
          kind,
          name,
          file: site.file,
          start: t.start + scope.length + 2,
          end: t.end,
          decl: false,
          owner: site.owner,
        };
        if (t.write) o.write = true;
        occ.push(o);
      } else if (t.type === 'ident' && !t.call) {
        const key = bare.get(t.text);
        if (key)
          occ.push({
            key,
            kind: key.startsWith('tag:') ? 'tag' : 'stage',
            name: t.text,
            file: site.file,
            start: t.start,
            end: t.end,
            decl: false,
            owner: site.owner,
          });
      }
    }
  }

  const byFile = new Map<string, Occurrence[]>();
  const byKey = new Map<string, Occurrence[]>();
  for (const o of occ) {
    let f = byFile.get(o.file);
    if (!f) byFile.set(o.file, (f = []));
    f.push(o);
    let k = byKey.get(o.key);
    if (!k) byKey.set(o.key, (k = []));
    k.push(o);
  }
  for (const list of byFile.values()) list.sort((a, b) => a.start - b.start);
  return { content, files, occurrences: occ, byFile, byKey, sites, qualityOf };
}

/** A token of an expression, at file offsets. */
export interface ExprToken {
  type: string;
  text: string;
  start: number;
  end: number;
  write?: boolean;
  call?: boolean;
}

/**
 * The tokens of one expression scalar, at file offsets. A scoped name followed by `=` or inside
 * `advance(`/`retreat(` is a write (the same reading as the checker's `uses`).
 */
export function exprTokens(file: SourceFile, loc: Located): ExprToken[] {
  const node = loc.node;
  if (!isScalar(node) || typeof node.value !== 'string') return [];
  const map = valueOffsetMapper(file, loc);
  const raw: { type: string; text: string; offset: number }[] = [];
  try {
    lexer.reset(node.value);
    for (let t = lexer.next(); t; t = lexer.next()) {
      if (t.type === 'ws' || t.type === 'comment') continue;
      raw.push({ type: t.type ?? '', text: t.text, offset: t.offset });
    }
  } catch {
    // A bad character stops the lexer; publish reports it. What came before is still indexed.
  }
  const out: ExprToken[] = [];
  for (let i = 0; i < raw.length; i++) {
    const t = raw[i]!;
    const tok: ExprToken = { type: t.type, text: t.text, start: map(t.offset), end: map(t.offset + t.text.length - 1) + 1 };
    if (t.type === 'scoped') {
      const prev = raw[i - 1];
      const before = raw[i - 2];
      if (raw[i + 1]?.type === 'op_assign' || (prev?.type === 'lparen' && (before?.type === 'kw_advance' || before?.type === 'kw_retreat'))) tok.write = true;
    }
    if (t.type === 'ident' && raw[i + 1]?.type === 'lparen') tok.call = true;
    out.push(tok);
  }
  return out;
}

/** The expression site holding a file offset, if any. */
export function siteAt(index: ProjectIndex, file: string, offset: number): ExprSite | undefined {
  return index.sites.find((s) => s.file === file && s.loc.node !== null && s.loc.node.start <= offset && offset <= s.loc.node.end);
}

/** The occurrence under a file offset, if any. */
export function occurrenceAt(index: ProjectIndex, file: string, offset: number): Occurrence | undefined {
  const list = index.byFile.get(file);
  if (!list) return undefined;
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const o = list[mid]!;
    if (offset < o.start) hi = mid - 1;
    else if (offset > o.end) lo = mid + 1;
    else return o;
  }
  return undefined;
}
