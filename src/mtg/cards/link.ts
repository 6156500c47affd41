/**
 * Stage 3, link: expand keywords, then resolve every SVar reference of a face into a
 * {@link Link}, parse the SVar bodies those links reach (as abilities, triggers, statics,
 * replacements or values, depending on what refers to them), and report missing SVars, SVars of
 * the wrong kind, and cycles of sub-abilities.
 *
 * Forge builds a sub-ability together with its parent (AbilityFactory.getAbility), so a cycle of
 * `sub` links would never finish loading: it is an error. A grant (an effect's `Triggers$`) is
 * built only when the effect happens, so a trigger that re-creates the effect that created it is
 * legal, and cycles through grants are not reported.
 */
import { atEotSVars } from './at-eot.js';
import { replaceDyingSVars } from './replace-dying.js';
import { DiagnosticSink } from './diagnostics.js';
import type { Card, Face, Keyword, KeywordGrant, Link, LinkRole, LinkTarget, NodeKind, ScriptNode, SVarEntry, ValueExpr } from './ir.js';
import { keywordExpander, parseKeyword, type KeywordContext } from './keywords/index.js';
import { abilityRecord, parseNode } from './nodes.js';
import { referenceRule } from './references.js';
import { isIdentifier, own, paramValue, parseParams, splitCost, splitKeywordList, splitList } from './tokens.js';
import { AI_HINT_SVARS, KEYWORD_SVARS, isRuntimeSVar } from './svar-names.js';
import { STATIC_MODE_NAMES, canonical } from './vocabulary.js';

const HEAD_KEYS = new Set(['ab', 'sp', 'st', 'db', 'mode', 'event']);
/** The parameters whose keywords the engine grants with their expansion (primitives.ts agrees). */
export const GRANT_KEYWORD_KEYS = new Set(['kw', 'addkeyword', 'addhiddenkeyword']);
const COST_KEYS = new Set(['cost', 'unlesscost']);

/**
 * Links every face of `card` in place, appending diagnostics to `card.diagnostics`.
 *
 * @example
 * ```ts
 * const { card } = parseScript('x.txt', text);
 * if (card) linkCard(card);
 * card?.faces[0]?.abilities[0]?.links; // [{ key: 'SubAbility', svar: 'DBDraw', role: 'sub', ... }]
 * ```
 */
export function linkCard(card: Card): void {
  const sink = new DiagnosticSink(card.file);
  for (const face of card.faces) linkFace(face, sink);
  card.diagnostics.push(...sink.items);
}

type Work = ScriptNode | SVarEntry | Keyword;

class FaceLinker {
  private readonly queue: Work[] = [];
  private readonly classified = new Set<string>();
  /** Origins of the SVars keyword modules added (`keyword:Prowess`), for their parsed nodes. */
  private readonly origins = new Map<string, string>();
  /** Value links to SVars the face does not define; reported at the end unless the engine writes them. */
  private readonly pendingValues: Array<{ key: string; svar: string; line: number; dead: boolean }> = [];

  constructor(
    private readonly face: Face,
    private readonly sink: DiagnosticSink,
  ) {}

  run(): void {
    expandKeywords(this.face, this.sink, this.origins);
    for (const list of [this.face.abilities, this.face.triggers, this.face.statics, this.face.replacements]) {
      for (const node of list) this.queue.push(node);
    }
    for (const kw of this.face.keywords) this.queue.push(kw);
    this.drain();
    // SVars nothing refers to: still parsed, so their primitives count and their text is checked.
    // AI hints are skipped: the rules never read them. Problems inside these SVars are warnings,
    // since Forge never builds them. Diagnostics wait until everything they reach is linked, so
    // an SVar reached only from another unreferenced one is not reported.
    const unreferenced: SVarEntry[] = [];
    this.sink.demoteErrors = true;
    for (const name in this.face.svars) {
      const entry = this.face.svars[name]!;
      if (entry.referenced || AI_HINT_SVARS.has(name)) continue;
      this.classify(entry, 'any');
      if (entry.node) unreferenced.push(entry);
    }
    this.drain();
    this.sink.demoteErrors = false;
    for (const entry of unreferenced) {
      if (entry.referenced) continue;
      entry.referenced = false;
      this.sink.add(
        'link/unreferenced-svar',
        'info',
        entry.line,
        1,
        `SVar "${entry.name}" holds ${article(entry.shape)} but nothing in this face refers to it`,
      );
    }
    this.reportMissingValues();
    this.findCycles();
  }

  private reportMissingValues(): void {
    const stored = new Set<string>();
    const nodes = [...this.face.abilities, ...Object.values(this.face.svars).flatMap((e) => (e.node ? [e.node] : []))];
    for (const node of nodes) {
      if (node.kind === 'ability' && node.head === 'StoreSVar') {
        const written = paramValue(node.params, 'SVar');
        if (written) stored.add(written);
      }
    }
    for (const { key, svar, line, dead } of this.pendingValues) {
      if (isRuntimeSVar(svar, stored)) continue;
      this.sink.add('link/missing-svar', dead ? 'warning' : 'error', line, 1, `${key}$ names SVar "${svar}", which this face does not define`);
    }
  }

  private drain(): void {
    for (let work = this.queue.shift(); work !== undefined; work = this.queue.shift()) {
      if ('kind' in work) this.linkNode(work);
      else if ('shape' in work) this.linkValue(work);
      else this.linkKeyword(work);
    }
  }

  private linkNode(node: ScriptNode): void {
    this.addAtEot(node);
    this.addKeywordGrants(node);
    for (const key in node.params) {
      const value = node.params[key]!;
      const folded = key.toLowerCase();
      if (HEAD_KEYS.has(folded) || value === '') continue;
      const rule = referenceRule(key, node.kind === 'ability' ? node.head : '');
      if (rule) {
        const names = rule.list ? splitList(value) : [value];
        for (const name of names) {
          // `CheckSVar$ Count$...` is an inline value, not a name.
          if (rule.role === 'value' && !isIdentifier(name)) continue;
          node.links.push(this.link(key, name, rule.role, rule.target, node.line));
        }
        continue;
      }
      if (COST_KEYS.has(folded)) {
        // A cost's X is the SVar X when the face defines one (`Cost$ X R`, with `SVar:X:Count$xPaid`).
        for (const part of splitCost(value)) {
          if (part === 'X' && own(this.face.svars, 'X')) node.links.push(this.link(key, 'X', 'value', 'value', node.line));
        }
        continue;
      }
      const candidate = value.replace(/^[+-]/, '');
      if (isIdentifier(candidate) && own(this.face.svars, candidate)) {
        node.links.push(this.link(key, candidate, 'inferred', 'any', node.line));
      }
    }
  }

  /**
   * An `AtEOT$` node's delayed trigger and its effect (at-eot.ts), and a `ReplaceDyingDefined$`
   * node's replacement (replace-dying.ts), become SVars of the face, linked as a grant: built when the
   * effect resolves, like an effect's `Triggers$`.
   */
  private addAtEot(node: ScriptNode): void {
    for (const [key, target, svars] of [
      ['AtEOT', 'ability', atEotSVars(node)],
      ['ReplaceDyingDefined', 'replacement', replaceDyingSVars(node)],
    ] as const) {
      if (svars.length === 0 || own(this.face.svars, svars[0]![0])) continue;
      for (const [name, text] of svars) {
        this.face.svars[name] = { name, line: node.line, text, shape: 'text' };
        this.origins.set(name, `param:${key}`);
      }
      node.links.push(this.link(key, svars[0]![0], 'grant', target, node.line));
    }
  }

  /**
   * A keyword the node grants (`KW$ Undying`, `AddKeyword$ Persist`) whose module is grantable:
   * its expansion becomes SVars of this face, once per keyword text, recorded in
   * `face.keywordGrants` and linked as grants (built when the effect applies, like `Triggers$`).
   */
  private addKeywordGrants(node: ScriptNode): void {
    for (const key in node.params) {
      if (!GRANT_KEYWORD_KEYS.has(key.toLowerCase())) continue;
      for (const text of splitKeywordList(node.params[key]!, ' & ')) {
        const grant = this.keywordGrant(text, node.line);
        if (!grant) continue;
        for (const [names, target] of [
          [grant.triggers, 'trigger'],
          [grant.abilities, 'ability'],
          [grant.statics, 'static'],
          [grant.replacements, 'replacement'],
        ] as const) {
          for (const name of names) node.links.push(this.link(key, name, 'grant', target, node.line));
        }
      }
    }
  }

  /** The face's expansion of a granted keyword, made the first time it is asked. */
  private keywordGrant(text: string, line: number): KeywordGrant | undefined {
    const done = this.face.keywordGrants?.[text];
    if (done) return done;
    const parsed = parseKeyword(text);
    const expander = keywordExpander(parsed.name);
    if (!expander?.grantable) return undefined;
    const serial = Object.keys(this.face.keywordGrants ?? {}).length + 1;
    const names: string[] = [];
    const ctx: KeywordContext = {
      face: this.face,
      svar: (label) => {
        const name = `${expander.name.replace(/\s+/g, '')}${label ? `-${label}` : ''}#grant${serial}${names.length ? `.${names.length + 1}` : ''}`;
        names.push(name);
        return name;
      },
      hasSVar: (name) => own(this.face.svars, name) !== undefined,
    };
    const result = expander.expand({ text, ...parsed, line, links: [] }, ctx);
    if ('unsupported' in result) return undefined;
    if ('error' in result) {
      this.sink.add('link/keyword-args', 'warning', line, 1, `${result.error}; the granted keyword stays kw:${parsed.name}`);
      return undefined;
    }
    const origin = `keyword:${expander.name}`;
    for (const [name, body] of result.svars ?? []) this.addSynthesised(name, body, line, origin);
    const grant: KeywordGrant = { triggers: [], abilities: [], statics: [], replacements: [], keywords: [...(result.keywords ?? [])] };
    for (const [list, lines] of [
      [grant.triggers, result.triggers],
      [grant.abilities, result.abilities],
      [grant.statics, result.statics],
      [grant.replacements, result.replacements],
    ] as const) {
      for (const body of lines ?? []) {
        const name = ctx.svar(list === grant.triggers ? 'trigger' : list === grant.abilities ? 'ability' : list === grant.statics ? 'static' : 'replacement');
        this.addSynthesised(name, body, line, origin);
        list.push(name);
      }
    }
    (this.face.keywordGrants ??= {})[text] = grant;
    return grant;
  }

  private addSynthesised(name: string, text: string, line: number, origin: string): void {
    this.face.svars[name] = { name, line, text, shape: 'text' };
    this.origins.set(name, origin);
  }

  private linkValue(entry: SVarEntry): void {
    if (!entry.value) return;
    const links: Link[] = [];
    const [head, ...math] = entry.value.body.split('/');
    if (entry.value.source === 'SVar' && head !== undefined && isIdentifier(head.trim())) {
      links.push(this.link('SVar', head.trim(), 'value', 'value', entry.line));
    }
    for (const op of math) {
      const dot = op.indexOf('.');
      const operand = dot === -1 ? '' : op.slice(dot + 1).trim();
      if (isIdentifier(operand) && own(this.face.svars, operand)) {
        links.push(this.link(op.slice(0, dot), operand, 'value', 'value', entry.line));
      }
    }
    if (links.length > 0) entry.links = links;
  }

  private linkKeyword(kw: Keyword): void {
    for (const name of KEYWORD_SVARS.get(kw.name.toLowerCase()) ?? []) kw.links.push(this.link(`K:${kw.name}`, name, 'sub', 'ability', kw.line));
    // Arguments naming SVars: `ETBReplacement:Copy:DBCopy`, a saga's `Saga:3:DBA,DBB,DBC`, or an
    // SVar a keyword module added for a keyword it gives (Unleash's `ETBReplacement:Other:Unleash-counter#5`).
    for (const arg of kw.args) {
      for (const name of splitList(arg)) {
        if ((isIdentifier(name) || this.origins.has(name)) && own(this.face.svars, name))
          kw.links.push(this.link(`K:${kw.name}`, name, 'inferred', 'any', kw.line));
      }
    }
  }

  private link(key: string, svar: string, role: LinkRole, target: LinkTarget, line: number): Link {
    const entry = own(this.face.svars, svar);
    if (!entry) {
      if (role === 'value') {
        this.pendingValues.push({ key, svar, line, dead: this.sink.demoteErrors });
        return { key, svar, role, target, resolved: false };
      }
      this.sink.add('link/missing-svar', role === 'copy' ? 'warning' : 'error', line, 1, `${key}$ names SVar "${svar}", which this face does not define`);
      return { key, svar, role, target, resolved: false };
    }
    this.classify(entry, target);
    entry.referenced = true;
    if (target !== 'any' && entry.shape !== target && !(target === 'value' && entry.shape === 'text')) {
      this.sink.add(
        'link/wrong-kind',
        'error',
        line,
        1,
        `${key}$ expects ${article(target)} in SVar "${svar}" (line ${entry.line}), which holds ${article(entry.shape)}`,
      );
    }
    const finalRole = role === 'inferred' && entry.shape === 'value' ? 'value' : role;
    return { key, svar, role: finalRole, target, resolved: true };
  }

  /** Decides an SVar's shape the first time something reaches it, and parses its body. */
  private classify(entry: SVarEntry, want: LinkTarget): void {
    if (this.classified.has(entry.name)) return;
    this.classified.add(entry.name);
    const text = entry.text ?? '';
    const kind = nodeKindOf(text, want);
    const site = { line: entry.line, column: 'SVar:'.length + entry.name.length + 2, sink: this.sink };
    if (kind) {
      entry.shape = kind;
      const origin = this.origins.get(entry.name);
      entry.node = parseNode(kind, text, site, origin ? { svar: entry.name, origin } : { svar: entry.name });
      delete entry.text;
      this.queue.push(entry.node);
      return;
    }
    const value = valueOf(text);
    if (value) {
      entry.shape = 'value';
      entry.value = value;
      this.queue.push(entry);
    }
  }

  private findCycles(): void {
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const reported = new Set<string>();
    const visit = (name: string): void => {
      state.set(name, 'open');
      stack.push(name);
      const node = own(this.face.svars, name)?.node;
      for (const link of node?.links ?? []) {
        if (link.role !== 'sub' || !link.resolved) continue;
        const next = link.svar;
        const seen = state.get(next);
        if (seen === 'open') {
          const cycle = stack.slice(stack.indexOf(next));
          const key = [...cycle].sort().join(' ');
          if (!reported.has(key)) {
            reported.add(key);
            const at = own(this.face.svars, name)!;
            this.sink.add(
              'link/svar-cycle',
              'error',
              at.line,
              1,
              `sub-abilities form a cycle: ${[...cycle, next].join(' → ')} (Forge would never finish building it)`,
            );
          }
        } else if (seen === undefined && own(this.face.svars, next)?.node) {
          visit(next);
        }
      }
      stack.pop();
      state.set(name, 'done');
    };
    for (const name of Object.keys(this.face.svars).sort()) {
      if (!state.has(name) && this.face.svars[name]!.node) visit(name);
    }
  }
}

function linkFace(face: Face, sink: DiagnosticSink): void {
  new FaceLinker(face, sink).run();
}

/**
 * The node kind an SVar body has, if it is a node: an ability record anywhere makes an ability;
 * `Mode$` makes a trigger or static (as the reference wants, else by the mode's name); `Event$`
 * makes a replacement.
 */
function nodeKindOf(text: string, want: LinkTarget): NodeKind | undefined {
  if (text.indexOf('$') === -1) return undefined;
  const { params } = parseParams(text);
  if (abilityRecord(params)) return 'ability';
  const mode = paramValue(params, 'Mode');
  if (mode !== undefined) {
    if (want === 'trigger' || want === 'static') return want;
    return canonical(STATIC_MODE_NAMES, mode) ? 'static' : 'trigger';
  }
  if (paramValue(params, 'Event') !== undefined) return 'replacement';
  return undefined;
}

/**
 * Reads a value SVar: `Count$...`, `Targeted$CardPower`, `SVar$Y/Plus.1`, `Number$3`, or a plain
 * integer. Anything else (`True`, a sentence) is not a value.
 *
 * @example
 * ```ts
 * valueOf('Count$Valid Creature.YouCtrl'); // { source: 'Count', body: 'Valid Creature.YouCtrl', count: 'Valid' }
 * ```
 */
export function valueOf(text: string): ValueExpr | undefined {
  const trimmed = text.trim();
  if (/^-?\d+$/.test(trimmed)) return { source: 'Number', body: trimmed };
  if (trimmed.indexOf('|') !== -1) return undefined;
  const dollar = trimmed.indexOf('$');
  if (dollar <= 0) return undefined;
  const source = trimmed.slice(0, dollar);
  if (!/^[A-Za-z]+$/.test(source)) return undefined;
  const body = trimmed.slice(dollar + 1);
  const word = /^[A-Za-z]+/.exec(body)?.[0] ?? '';
  if (source === 'Number' || source === 'SVar') return { source, body };
  if (source === 'Count') return word === '' ? { source, body } : { source, body, count: word };
  return { source, body, count: word === '' ? source : `${source}$${word}` };
}

function expandKeywords(face: Face, sink: DiagnosticSink, origins: Map<string, string>): void {
  const added: Keyword[] = [];
  for (const kw of face.keywords) {
    const expander = keywordExpander(kw.name);
    if (!expander) continue;
    let serial = 0;
    const ctx: KeywordContext = {
      face,
      svar: (label) => {
        const n = serial++;
        return `${expander.name.replace(/\s+/g, '')}${label ? `-${label}` : ''}#${kw.line}${n ? `.${n + 1}` : ''}`;
      },
      hasSVar: (name) => own(face.svars, name) !== undefined,
    };
    const result = expander.expand(kw, ctx);
    if ('unsupported' in result) continue;
    if ('error' in result) {
      sink.add('link/keyword-args', 'warning', kw.line, 3, `${result.error}; kept as the keyword kw:${kw.name}`);
      continue;
    }
    kw.expandedBy = expander.name;
    const origin = `keyword:${expander.name}`;
    const site = { line: kw.line, column: 3, sink };
    for (const text of result.abilities ?? []) face.abilities.push(parseNode('ability', text, site, { origin }));
    for (const text of result.triggers ?? []) face.triggers.push(parseNode('trigger', text, site, { origin }));
    for (const text of result.statics ?? []) face.statics.push(parseNode('static', text, site, { origin }));
    for (const text of result.replacements ?? []) face.replacements.push(parseNode('replacement', text, site, { origin }));
    for (const text of result.keywords ?? []) added.push({ text, ...parseKeyword(text), line: kw.line, links: [] });
    for (const [name, text] of result.svars ?? []) {
      // The body is parsed when a link reaches it, like any SVar; `origin` marks it as synthesised.
      face.svars[name] = { name, line: kw.line, text, shape: 'text' };
      origins.set(name, origin);
    }
  }
  // Added after the loop: they are the engine's own keywords, never expanded themselves.
  face.keywords.push(...added);
}

function article(shape: string): string {
  if (shape === 'any') return 'anything';
  if (shape === 'text') return 'plain text';
  return /^[aeiou]/.test(shape) ? `an ${shape}` : `a ${shape}`;
}

/** A node with its sub-abilities, materialised from the links (cycles and missing SVars cut). */
export type AbilityTree = {
  node: ScriptNode;
  children: Array<{ key: string; svar: string; tree?: AbilityTree; missing?: true; cycle?: true }>;
};

/**
 * The tree below `node`: its `sub` links (and inferred links to abilities), recursively. A link
 * back to an SVar already on the path is marked `cycle` instead of followed.
 *
 * @example
 * ```ts
 * const tree = abilityTree(face, face.abilities[0]!);
 * tree.children[0]?.tree?.node.head; // 'Draw', for `SubAbility$ DBDraw`
 * ```
 */
export function abilityTree(face: Face, node: ScriptNode, path: ReadonlySet<string> = new Set()): AbilityTree {
  const children: AbilityTree['children'] = [];
  for (const link of node.links) {
    const entry = own(face.svars, link.svar);
    const isSub = link.role === 'sub' || (link.role === 'inferred' && entry?.shape === 'ability');
    if (!isSub) continue;
    if (!link.resolved || !entry?.node) children.push({ key: link.key, svar: link.svar, missing: true });
    else if (path.has(link.svar)) children.push({ key: link.key, svar: link.svar, cycle: true });
    else {
      const next = new Set(path).add(link.svar);
      children.push({ key: link.key, svar: link.svar, tree: abilityTree(face, entry.node, next) });
    }
  }
  return { node, children };
}
