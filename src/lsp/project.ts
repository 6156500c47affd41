/**
 * A content folder as the language server sees it: the files (disk, overlaid by the editor's open
 * buffers), publish's diagnostics for all of them, and the answers to the editor's questions.
 * Nothing here knows the protocol's transport; `server.ts` connects it to a connection. Positions
 * are LSP's (0-based lines, UTF-16 columns, which are JavaScript string offsets).
 *
 * **One source of truth:** diagnostics are `publishFiles` over the whole folder, unchanged: the same
 * codes, messages, hints and positions as `storyletengine publish`. A change in one file re-checks
 * every file, so a file that depends on it (a card using a world name declared elsewhere) is
 * re-checked too.
 */
import type {
  CodeAction,
  CompletionItem,
  CompletionItemKind,
  Diagnostic as LspDiagnostic,
  Hover,
  Location,
  Position,
  Range,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver';
import { canDeal, typeLabel } from '../cli/links/graph.js';
import type { Bundle } from '../content/bundle.js';
import type { Diagnostic } from '../content/diagnostics.js';
import { BOX_KEYS, CARD_KEYS, DECK_KEYS, GROUP_KEYS, HAND_KEYS, QUALITY_VALUE_KEYS, SETTINGS_KEYS, TEMPLATE_KEYS, TOP_KEYS } from '../content/model.js';
import { publishFiles } from '../content/publish.js';
import { lineCol, sourceFile, valueOffsetMapper, type SourceFile } from '../content/source.js';
import { buildIndex, exprTokens, indexCache, occurrenceAt, siteAt, type ExprSite, type Occurrence, type ProjectIndex } from './index.js';

/** LSP's numeric enums, written out so that this module needs the protocol's types only. */
const SEVERITY = { error: 1, warning: 2 } as const;
const ITEM = { keyword: 14, variable: 6, field: 5, enumMember: 20, property: 10, module: 9, class: 7, constant: 21 } as const satisfies Record<
  string,
  CompletionItemKind
>;

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const COMPARISON = /(@(?:world|hand)\.[A-Za-z_][A-Za-z0-9_]*)\s*(?:==|!=|<=|>=|<|>)\s*([A-Za-z_][A-Za-z0-9_]*)?$/;

export interface CheckResult {
  /** File name → its diagnostics, every file of the folder listed (an empty list clears). */
  byFile: Map<string, LspDiagnostic[]>;
  diagnostics: Diagnostic[];
  ok: boolean;
}

export class Project {
  private readonly texts = new Map<string, string>();
  private index: ProjectIndex | undefined;
  private readonly cache = indexCache();
  /** The last bundle that published cleanly: hover's types and dealing hands come from it. */
  private bundle: Bundle | undefined;
  private last: Diagnostic[] = [];

  /** Sets (or, with `undefined`, removes) one file's text. */
  set(name: string, text: string | undefined): void {
    if (text === undefined) this.texts.delete(name);
    else this.texts.set(name, text);
    this.index = undefined;
  }

  text(name: string): string | undefined {
    return this.texts.get(name);
  }

  names(): string[] {
    return [...this.texts.keys()].sort();
  }

  /** Publishes the whole folder and groups the diagnostics by file, in LSP shape. */
  check(): CheckResult {
    const input: Record<string, string> = {};
    for (const [k, v] of this.texts) input[k] = v;
    const result = publishFiles(input);
    if (result.ok) this.bundle = result.bundle;
    this.last = result.diagnostics;
    const byFile = new Map<string, LspDiagnostic[]>();
    for (const name of this.texts.keys()) byFile.set(name, []);
    for (const d of result.diagnostics) {
      let list = byFile.get(d.file);
      if (!list) byFile.set(d.file, (list = []));
      list.push(toLsp(d));
    }
    return { byFile, diagnostics: result.diagnostics, ok: result.ok };
  }

  private idx(): ProjectIndex {
    return (this.index ??= buildIndex(this.texts, this.cache));
  }

  private file(name: string): SourceFile {
    return this.idx().files.get(name) ?? sourceFile(name, this.texts.get(name) ?? '');
  }

  offset(name: string, pos: Position): number {
    const f = this.file(name);
    const start = f.lineStarts[pos.line] ?? f.text.length;
    return Math.min(start + pos.character, f.text.length);
  }

  position(name: string, offset: number): Position {
    const { line, col } = lineCol(this.file(name), offset);
    return { line: line - 1, character: col - 1 };
  }

  range(name: string, start: number, end: number): Range {
    return { start: this.position(name, start), end: this.position(name, end) };
  }

  private location(o: Occurrence): Location {
    return { uri: o.file, range: this.range(o.file, o.start, o.end) };
  }

  /** The symbol under the cursor. */
  at(name: string, pos: Position): Occurrence | undefined {
    return occurrenceAt(this.idx(), name, this.offset(name, pos));
  }

  /** Declarations of the symbol under the cursor (`uri` is the file name; the server maps it). */
  definition(name: string, pos: Position): Location[] {
    const o = this.at(name, pos);
    if (!o) return [];
    return (this.idx().byKey.get(o.key) ?? []).filter((x) => x.decl).map((x) => this.location(x));
  }

  references(name: string, pos: Position, includeDeclaration: boolean): Location[] {
    const o = this.at(name, pos);
    if (!o) return [];
    return (this.idx().byKey.get(o.key) ?? []).filter((x) => includeDeclaration || !x.decl).map((x) => this.location(x));
  }

  /** The range a rename would replace, or why the symbol cannot be renamed. */
  prepareRename(name: string, pos: Position): { range: Range; placeholder: string } | { error: string } {
    const o = this.at(name, pos);
    if (!o) return { error: 'nothing to rename here: put the cursor on a name' };
    if (o.kind === 'card' || o.kind === 'box' || o.kind === 'deck')
      return { error: `a ${o.kind} id is not renamed across files: it is a key a game may use by name` };
    return { range: this.range(o.file, o.start, o.end), placeholder: o.name };
  }

  /**
   * Every occurrence of the symbol rewritten. Only the name's characters are replaced (never the
   * quotes around a YAML scalar or the `@world.` before it), and the new name must be a name the
   * language and YAML's plain scalars both read as itself.
   */
  rename(name: string, pos: Position, newName: string): WorkspaceEdit | { error: string } {
    const prep = this.prepareRename(name, pos);
    if ('error' in prep) return prep;
    if (!IDENT.test(newName) || ['and', 'or', 'not', 'true', 'false', 'advance', 'retreat', 'null'].includes(newName)) {
      return { error: `\`${newName}\` is not a name: use letters, digits and _ (not starting with a digit), and no keyword` };
    }
    const o = this.at(name, pos)!;
    const changes: Record<string, TextEdit[]> = {};
    for (const x of this.idx().byKey.get(o.key) ?? []) (changes[x.file] ??= []).push({ range: this.range(x.file, x.start, x.end), newText: newName });
    return { changes };
  }

  hover(name: string, pos: Position): Hover | null {
    const o = this.at(name, pos);
    if (!o) return null;
    const index = this.idx();
    const all = index.byKey.get(o.key) ?? [];
    const where = (x: Occurrence) => `${x.file}:${lineCol(this.file(x.file), x.start).line}`;
    const decls = all.filter((x) => x.decl);
    const lines: string[] = [];
    const declared = decls.length > 0 ? `declared at ${decls.map(where).join(', ')}` : 'not declared anywhere';
    switch (o.kind) {
      case 'world': {
        lines.push(`**@world.${o.name}**${this.typeOfWorld(o.name)}`, declared);
        lines.push(...readWrite(all));
        break;
      }
      case 'hand-name': {
        lines.push(`**@hand.${o.name}**`, `declared by ${decls.map((x) => `${x.owner ?? '?'} (${where(x)})`).join(', ') || 'nothing'}`);
        lines.push(...readWrite(all));
        break;
      }
      case 'card': {
        const raw = index.content.cards.find((c) => c.id === o.name);
        const card = this.bundle?.cards.find((c) => c.id === o.name);
        lines.push(`**card ${o.name}**`, declared);
        if (raw) lines.push(`deck: ${raw.box}/${raw.deck}`);
        if (card) {
          const tags = Object.entries(card.tags).map(([g, t]) => `${g}: ${t.join(' or ')}`);
          lines.push(`tags: ${tags.join(', ') || 'none'}`, `condition: ${card.condition ? `\`${card.condition.source}\`` : 'none'}`);
          lines.push(`priority: ${typeof card.priority === 'number' ? card.priority : `\`${card.priority.source}\``}`);
          const hands = this.bundle!.hands.filter((h) => canDeal(h, card)).map((h) => h.id);
          lines.push(`dealt by: ${hands.join(', ') || 'no hand'}`);
        } else {
          lines.push('(tags, condition, priority and hands are shown once the content publishes without errors)');
        }
        break;
      }
      default: {
        lines.push(`**${o.kind} ${o.key.slice(o.key.indexOf(':') + 1)}**`, declared, `used ${all.filter((x) => !x.decl).length} time(s)`);
        if (o.kind === 'quality') {
          const q = index.content.qualities.find((x) => x.id === o.name);
          if (q) lines.push(`stages: ${q.stages.map((s) => s.id).join(' < ')}`);
        }
      }
    }
    return { contents: { kind: 'markdown', value: lines.join('\n\n') }, range: this.range(o.file, o.start, o.end) };
  }

  completion(name: string, pos: Position): CompletionItem[] {
    const index = this.idx();
    const offset = this.offset(name, pos);
    const file = this.file(name);
    const site = siteAt(index, name, offset);
    if (site) {
      const loc = site.loc;
      const node = loc.node!;
      const value = typeof (node as { value?: unknown }).value === 'string' ? (node as { value: string }).value : '';
      const map = valueOffsetMapper(file, loc);
      let i = 0;
      while (i < value.length && map(i) < offset) i++;
      return this.exprCompletion(value.slice(0, i), site);
    }
    // Outside an expression: a YAML key or a value of the content format, found by indentation.
    const lineStart = file.lineStarts[pos.line] ?? 0;
    const before = file.text.slice(lineStart, offset);
    const path = yamlPath(file.text, lineStart, before);
    // A string being typed that is not yet a scalar the reader knows (a fresh `condition: "@wo`).
    const exprValue =
      /^\s*(?:-\s+)?(condition|priority|gate|effects):\s*\[?\s*["']?(.*)$/.exec(before) ??
      (path.at(-1) === 'effects' ? /^\s*-\s+["']?(.*)$/.exec(before) : null);
    if (exprValue && path.at(-1) !== 'tags') return this.exprCompletion(exprValue[exprValue.length - 1]!, undefined);
    return this.yamlCompletion(path.keys, path.value, index);
  }

  private exprCompletion(prefix: string, site: ExprSite | undefined): CompletionItem[] {
    const index = this.idx();
    const scoped = /@(world|hand)?\.?([A-Za-z0-9_]*)$/.exec(prefix);
    if (scoped && prefix.endsWith(scoped[0]) && scoped[0].startsWith('@')) {
      if (scoped[1] === 'world' && scoped[0].includes('.')) {
        return index.content.world.map((w) => ({ label: w.id, kind: ITEM.variable, detail: `@world.${w.id}${this.typeOfWorld(w.id)}` }));
      }
      if (scoped[1] === 'hand' && scoped[0].includes('.')) {
        return this.handNames(site).map((n) => ({ label: n, kind: ITEM.field, detail: `@hand.${n}` }));
      }
      return [
        { label: '@world.', kind: ITEM.module, insertText: 'world.', command: { title: 'names', command: 'editor.action.triggerSuggest' } },
        { label: '@hand.', kind: ITEM.module, insertText: 'hand.', command: { title: 'names', command: 'editor.action.triggerSuggest' } },
      ];
    }
    const cmp = COMPARISON.exec(prefix);
    if (cmp) {
      const [scope, nm] = cmp[1]!.slice(1).split('.') as [string, string];
      const ladder = index.qualityOf.get(`${scope === 'world' ? 'world' : 'hand-name'}:${nm}`);
      const q = ladder ? index.content.qualities.find((x) => x.id === ladder) : undefined;
      if (q) return q.stages.map((s, n) => ({ label: s.id, kind: ITEM.enumMember, detail: `stage ${n + 1} of ${q.id}`, sortText: String(n).padStart(4, '0') }));
      const group = index.content.groups.find((g) => g.id === nm);
      if (scope === 'hand' && group) return group.tags.map((t) => ({ label: t.id, kind: ITEM.enumMember, detail: `tag of ${group.id}` }));
    }
    const words = ['and', 'or', 'not', 'true', 'false', 'advance', 'retreat', 'min', 'max', 'abs'];
    return [
      { label: '@world.', kind: ITEM.module, insertText: '@world.', command: { title: 'names', command: 'editor.action.triggerSuggest' } },
      { label: '@hand.', kind: ITEM.module, insertText: '@hand.', command: { title: 'names', command: 'editor.action.triggerSuggest' } },
      ...words.map((w) => ({ label: w, kind: ITEM.keyword })),
    ];
  }

  /**
   * The type publish gave a world name; before the content first publishes cleanly, the type of
   * its starting value as written (what publish will infer from it).
   */
  private typeOfWorld(name: string): string {
    const t = this.bundle?.world.find((w) => w.name === name)?.type;
    if (t) return `: ${typeLabel(t)}`;
    const ladder = this.idx().qualityOf.get(`world:${name}`);
    if (ladder) return `: quality ${ladder}`;
    const node = this.idx().content.world.find((w) => w.id === name)?.value.node;
    const v = node?.kind === 'scalar' ? node.value : undefined;
    return typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string' ? `: ${typeof v}` : '';
  }

  /**
   * The `@hand` names a text may use: those of every hand that can deal its card (or any card of
   * its gated deck), or of the hand whose condition it is: their own properties, their tags'
   * properties, their groups. From the last clean bundle; every declared `@hand` name when there is
   * no such bundle.
   */
  private handNames(site: ExprSite | undefined): string[] {
    const b = this.bundle;
    const all = () =>
      [
        ...new Set(
          this.idx()
            .occurrences.filter((o) => o.kind === 'hand-name' && o.decl)
            .map((o) => o.name),
        ),
      ].sort();
    if (!b || !site || (!site.cards && !site.hand)) return all();
    const decls = (site.cards ?? []).map((id) => b.cards.find((c) => c.id === id)).filter((c) => c !== undefined);
    const askers = site.hand ? b.hands.filter((h) => h.id === site.hand) : b.hands.filter((h) => decls.some((c) => canDeal(h, c)));
    if (askers.length === 0 && decls.length === 0) return all();
    const names = new Set<string>();
    for (const h of askers) {
      for (const p of h.properties) names.add(p.name);
      for (const [g, t] of Object.entries(h.tags)) {
        names.add(g);
        for (const p of b.tagGroups.find((x) => x.id === g)?.tags.find((x) => x.id === t)?.properties ?? []) names.add(p.name);
      }
      for (const g of h.choose) {
        names.add(g);
        const tags = b.tagGroups.find((x) => x.id === g)?.tags ?? [];
        // A chosen group's tag is known only at deal time: offer what every one of its tags has.
        const common = tags.map((t) => new Set(t.properties.map((p) => p.name)));
        for (const p of tags[0]?.properties ?? []) if (common.every((s) => s.has(p.name))) names.add(p.name);
      }
    }
    return [...names].sort();
  }

  private yamlCompletion(keys: string[], value: boolean, index: ProjectIndex): CompletionItem[] {
    const c = index.content;
    const keyItems = (list: readonly string[]): CompletionItem[] => list.map((k) => ({ label: k, kind: ITEM.property, insertText: `${k}: ` }));
    const ids = (list: string[], kind: CompletionItemKind, detail: string): CompletionItem[] => list.map((k) => ({ label: k, kind, detail }));
    const n = keys.length;
    const last = keys[n - 1];
    if (value) {
      if (last === 'template')
        return ids(
          c.templates.map((t) => t.id),
          ITEM.class,
          'hand template',
        );
      if (last === 'choose')
        return ids(
          c.groups.map((g) => g.id),
          ITEM.enumMember,
          'tag group',
        );
      if (last === 'quality')
        return ids(
          c.qualities.map((q) => q.id),
          ITEM.enumMember,
          'quality',
        );
      if (last === 'redraw') return ids(['always', 'never'], ITEM.constant, 'redraw');
      if (last === 'start')
        return c.qualities.flatMap((q) =>
          ids(
            q.stages.map((s) => s.id),
            ITEM.enumMember,
            `stage of ${q.id}`,
          ),
        );
      if (keys[n - 2] === 'tags') {
        const g = c.groups.find((x) => x.id === last);
        return g
          ? ids(
              g.tags.map((t) => t.id),
              ITEM.enumMember,
              `tag of ${g.id}`,
            )
          : [];
      }
      return [];
    }
    if (n === 0) return keyItems(TOP_KEYS);
    if (keys[0] === 'settings' && n === 1) return keyItems(SETTINGS_KEYS);
    if (keys[0] === 'tagGroups' && n === 2) return keyItems(GROUP_KEYS);
    if (keys[0] === 'handTemplates' && n === 2) return keyItems(TEMPLATE_KEYS);
    if (keys[0] === 'boxes') {
      if (n === 1)
        return ids(
          c.boxes.map((b) => b.id),
          ITEM.module,
          'box',
        );
      if (n === 2) return keyItems(BOX_KEYS);
      if (n === 3 && keys[2] === 'decks') return ids(c.boxes.find((b) => b.id === keys[1])?.decks.map((d) => d.id) ?? [], ITEM.module, 'deck');
      if (n === 4 && keys[2] === 'decks') return keyItems(DECK_KEYS);
      if (n === 6 && keys[4] === 'cards') return keyItems(CARD_KEYS);
      if (n === 4 && keys[2] === 'hands') return keyItems(HAND_KEYS);
    }
    if (last === 'tags')
      return ids(
        c.groups.map((g) => g.id),
        ITEM.enumMember,
        'tag group',
      ).map((i) => ({ ...i, insertText: `${i.label}: ` }));
    if (n >= 2 && (keys[n - 2] === 'properties' || keys[0] === 'world')) return keyItems(QUALITY_VALUE_KEYS);
    return [];
  }

  /**
   * Quick fixes for the diagnostics the editor sends back: apply a "did you mean X?" hint, and
   * declare an unknown `@world` name under `world:` (starting at 0, or false where it is negated).
   */
  codeActions(name: string, diagnostics: LspDiagnostic[]): CodeAction[] {
    const out: CodeAction[] = [];
    const file = this.file(name);
    for (const d of diagnostics) {
      const start = this.offset(name, d.range.start);
      const end = this.offset(name, d.range.end);
      const culprit = file.text.slice(start, end);
      const hint = typeof d.data === 'object' && d.data !== null ? (d.data as { hint?: string }).hint : undefined;
      const mean = hint ? /^did you mean `?([@A-Za-z_][@A-Za-z0-9_.]*)`?\?$/.exec(hint) : null;
      if (mean) {
        out.push({
          title: `Change to ${mean[1]!}`,
          kind: 'quickfix',
          diagnostics: [d],
          isPreferred: true,
          edit: { changes: { [name]: [{ range: d.range, newText: mean[1]! }] } },
        });
      }
      const world = /^@world\.([A-Za-z_][A-Za-z0-9_]*)$/.exec(culprit);
      if (d.code === 'lang/unknown-name' && world) {
        const negated = /\bnot\s*$/.test(file.text.slice(Math.max(0, start - 8), start));
        const edit = this.declareWorld(name, world[1]!, negated ? 'false' : '0');
        out.push({ title: `Declare @world.${world[1]!} under world:`, kind: 'quickfix', diagnostics: [d], edit });
      }
    }
    return out;
  }

  private declareWorld(current: string, id: string, value: string): WorkspaceEdit {
    const index = this.idx();
    const lastDecl = index.content.world.at(-1);
    if (lastDecl) {
      const f = this.file(lastDecl.place.file);
      const { line } = lineCol(f, lastDecl.place.start);
      const lineStart = f.lineStarts[line - 1]!;
      const lineText = f.text.slice(lineStart, f.lineStarts[line] ?? f.text.length);
      const indent = /^\s*/.exec(lineText)![0];
      if (indent.length === lastDecl.place.start - lineStart) {
        // Block style: a new line at the same indentation after the last entry.
        const at = f.lineStarts[line] ?? f.text.length;
        const nl = f.text.endsWith('\n') || at < f.text.length ? '' : '\n';
        return { changes: { [f.name]: [{ range: this.range(f.name, at, at), newText: `${nl}${indent}${id}: ${value}\n` }] } };
      }
      // Flow style (`world: { a: 1 }`): after the last entry's value.
      const after = lastDecl.value.node?.end ?? lastDecl.place.end;
      return { changes: { [f.name]: [{ range: this.range(f.name, after, after), newText: `, ${id}: ${value}` }] } };
    }
    const f = this.file(current);
    const at = f.text.length;
    return {
      changes: { [current]: [{ range: this.range(current, at, at), newText: `${f.text.endsWith('\n') || at === 0 ? '' : '\n'}world:\n  ${id}: ${value}\n` }] },
    };
  }

  /** The tokens of the expressions of a file, for tests and the semantic colouring. */
  tokens(name: string): { text: string; start: number; end: number }[] {
    const index = this.idx();
    const f = this.file(name);
    return index.sites.filter((s) => s.file === name).flatMap((s) => exprTokens(f, s.loc));
  }

  /** The diagnostics of the last check, as publish returned them. */
  lastDiagnostics(): Diagnostic[] {
    return this.last;
  }
}

function readWrite(all: Occurrence[]): string[] {
  const uses = all.filter((x) => !x.decl);
  const readers = [...new Set(uses.filter((x) => !x.write).map((x) => x.owner ?? '?'))];
  const writers = [...new Set(uses.filter((x) => x.write).map((x) => x.owner ?? '?'))];
  const list = (l: string[]) => (l.length > 8 ? `${l.slice(0, 8).join(', ')} and ${l.length - 8} more` : l.join(', ') || 'nothing');
  return [`read by: ${list(readers)}`, `written by: ${list(writers)}`];
}

/** A publish diagnostic in LSP's shape: lines and columns become 0-based; the hint travels in `data`. */
export function toLsp(d: Diagnostic): LspDiagnostic {
  const out: LspDiagnostic = {
    range: { start: { line: d.line - 1, character: d.col - 1 }, end: { line: d.endLine - 1, character: d.endCol - 1 } },
    severity: SEVERITY[d.severity],
    code: d.code,
    source: `storyletengine ${d.number}`,
    message: d.hint ? `${d.message}\n${d.hint}` : d.message,
  };
  if (d.hint) out.data = { hint: d.hint };
  return out;
}

/**
 * The chain of keys above the cursor, read from indentation (so it works while the file does not
 * parse), and the keys opened on the cursor's line itself (`tags: { zone: fo`). `value` is true
 * when the cursor is after a `key:` on its line (or in a list under one).
 */
export function yamlPath(text: string, lineStart: number, before: string): { keys: string[]; value: boolean; at(i: number): string | undefined } {
  const keys: string[] = [];
  const indentOf = (s: string) => /^[ -]*/.exec(s)![0].length;
  let indent = before.trim() === '' ? before.length : indentOf(before);
  let i = lineStart;
  while (i > 0 && indent > 0) {
    const prevEnd = i - 1;
    const prevStart = text.lastIndexOf('\n', prevEnd - 1) + 1;
    const line = text.slice(prevStart, prevEnd);
    i = prevStart;
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const ind = indentOf(line);
    if (ind < indent) {
      const m = /^[ -]*["']?([A-Za-z0-9_]+)["']?\s*:/.exec(line);
      if (m) keys.unshift(m[1]!);
      indent = ind;
    }
  }
  // The cursor's own line: keys opened with `key:` and not yet closed by `,` or `}`, one flag per
  // flow level saying whether a key of that level is open.
  const inline: string[] = [];
  const brackets: string[] = [];
  const open: boolean[] = [false];
  const re = /["']?([A-Za-z0-9_]+)["']?\s*:(?=\s|$)|([{},[\]])/g;
  for (let m = re.exec(before); m; m = re.exec(before)) {
    const top = open.length - 1;
    if (m[1]) {
      inline.push(m[1]);
      open[top] = true;
    } else if (m[2] === '{' || m[2] === '[') {
      brackets.push(m[2]);
      open.push(false);
    } else if (m[2] === ',') {
      if (brackets.at(-1) !== '[' && open[top]) {
        inline.pop();
        open[top] = false;
      }
    } else if (open.length > 1) {
      if (open[top] && brackets.at(-1) === '{') inline.pop();
      open.pop();
      brackets.pop();
    }
  }
  const item = inline.length === 0 && /^\s*-\s/.test(before);
  const value = brackets.at(-1) === '[' || open[open.length - 1] === true || item;
  const all = [...keys, ...inline];
  return { keys: all, value, at: (n: number) => all.at(n) };
}
