/**
 * The parameter census: which parameter keys appear in the corpus and which of them some code
 * reads. A primitive being registered says the engine handles `DB$ Pump`; it does not say the
 * engine honours `Duration$` on it. Every piece of code that gives a parameter its meaning
 * declares the keys it reads, by name, and the census lists the rest, so "registered" cannot hide
 * "ignored".
 *
 * The compiler declares only the keys whose meaning it fully handles (a node's head, the SVar
 * references it links). Keys it merely scans for symbols (`Cost$`, `KW$`) are left to the engine
 * that pays the cost or grants the keyword.
 */
import type { Card, NodeKind, ScriptNode } from './ir.js';

const ALL_KINDS: readonly NodeKind[] = ['ability', 'trigger', 'static', 'replacement'];

/** reader → `kind:key` (key lower-cased) it reads. */
const readers = new Map<string, Set<string>>();

/**
 * Records that `reader` gives meaning to these parameter keys (compared case-insensitively, as
 * Forge compares them) on nodes of the given kinds (all kinds by default): `Mode$` is a
 * trigger's head but an ordinary parameter of `DB$ Discard`. Call it at module load, next to the
 * code that reads them.
 *
 * @example
 * ```ts
 * declareParamReads('api:DealDamage', ['NumDmg', 'ValidTgts', 'Defined'], ['ability']);
 * ```
 */
export function declareParamReads(reader: string, keys: Iterable<string>, kinds: readonly NodeKind[] = ALL_KINDS): void {
  let set = readers.get(reader);
  if (!set) readers.set(reader, (set = new Set()));
  for (const k of keys) for (const kind of kinds) set.add(`${kind}:${k.toLowerCase()}`);
}

/** `kind:head:key` (head and key lower-cased) → which values of that key the engine gives meaning to. */
const forms = new Map<string, { reader: string; accepts: (value: string) => boolean }>();

/**
 * Records that on nodes of this kind and head (`ability`, `ChangeTargets`) the engine honours only
 * some values of a key it reads: a card writing another value is not counted faithful, though
 * the key is read (Lightning Storm's `Defined$ SourceFirstSpell` on a `ChangeTargets` that knows
 * only `Targeted` and the triggering spell). The census lists such a value as
 * `kind:Head.Key=value`. One predicate per kind, head and key; head `*` stands for every head
 * without a predicate of its own.
 *
 * @example
 * ```ts
 * declareParamForms('api:ChangeTargets', 'ability', 'ChangeTargets', 'Defined', (v) => v === 'Targeted');
 * ```
 */
export function declareParamForms(reader: string, kind: NodeKind, head: string, key: string, accepts: (value: string) => boolean): void {
  forms.set(`${kind}:${head.toLowerCase()}:${key.toLowerCase()}`, { reader, accepts });
}

/**
 * Every declared `kind:key` (key lower-cased) with the readers that declared it.
 *
 * @example
 * ```ts
 * paramReaders().get('ability:subability'); // ['compiler:link']
 * ```
 */
export function paramReaders(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const reader of [...readers.keys()].sort()) {
    for (const key of readers.get(reader)!) {
      const list = out.get(key) ?? [];
      list.push(reader);
      out.set(key, list);
    }
  }
  return out;
}

/** One parameter key seen in the corpus on one kind of node. */
export type CensusEntry = {
  /** The most common spelling. */
  key: string;
  kind: NodeKind;
  occurrences: number;
  cards: number;
  /** The first card (in file order) that uses it. */
  example: string;
  /** Who reads it; empty when nothing does. */
  readBy: string[];
};

/** The census of a corpus: every key, and those nobody reads. */
export type Census = { keys: number; read: number; unread: CensusEntry[]; all: CensusEntry[] };

/**
 * Keys that only carry words for people, pictures, or hints for Forge's AI (descriptions, prompts,
 * titles, messages, `AI…` hints and `IsCurse`, token and effect images, `Secondary$` which hides a
 * keyword's trigger from the card text): a card plays the same whether or not anything reads
 * them, so the "faithful" coverage figure does not hold them against a card. Two more AI hints
 * whose names do not start with `AI`: `UnlessAI$` (Forge reads it only where a computer player
 * decides whether to pay an "unless" cost) and `Ultimate$` on a planeswalker's last ability (read
 * only by Forge's AI, to rank abilities and planeswalkers, and by its achievement statistics), and
 * `IsCloudshift$` on a blink ChangeZone (read only in Forge's `ComputerUtil`, where its AI looks for
 * a spell that saves a creature from a sweeper). `TgtPromp$` is `TgtPrompt$` misspelt on four cards
 * (Defiant Bloodlord): Forge reads neither spelling for play, only the prompt's words.
 * `CheckOnResolve$ True` (Chronicler of Heroes and 29 more) asks that a trigger's condition be
 * checked as it resolves; none of the 30 writes a condition on the trigger itself (theirs are
 * on the effect, `Condition…$`, checked as it resolves whatever the key says, CR 608.2c), and
 * Forge's own code no longer reads it (its `WrappedAbility` rechecks every trigger).
 * `ResetAbilityActivations$ True` on a `CopyPermanent` (Saheeli Rai's −2, Helm of the Host, Jace,
 * Cunning Castaway) asks that a token copy's "activate only once each turn" abilities count afresh:
 * here every token is a new object with no activations (they are counted per object,
 * `GameObject.activations`; CR 400.7, 602.5b), so the copy plays the same with or without it.
 */
const DESCRIPTIVE_KEY =
  /^(?:ai.*|iscurse|.*desc|.*description|.*message|.*title|tgtprompt?|image|tokenimage|tokenaltimages|secondary|unlessai|ultimate|iscloudshift|checkonresolve|resetabilityactivations)$/i;

/**
 * Whether a parameter key is descriptive only (see `DESCRIPTIVE_KEY`).
 *
 * @example
 * ```ts
 * isDescriptiveKey('SpellDescription'); // true
 * isDescriptiveKey('UnlessCost'); // false
 * ```
 */
export function isDescriptiveKey(key: string): boolean {
  return DESCRIPTIVE_KEY.test(key);
}

/**
 * The `kind:key` parameters a card writes that no code declared it reads, descriptive keys
 * aside, sorted. Empty means every parameter of the card means something to the engine.
 *
 * @example
 * ```ts
 * unreadParams(card, paramReaders()); // ['ability:remembertargets']
 * ```
 */
export function unreadParams(card: Card, readers: ReadonlyMap<string, readonly string[]>): string[] {
  const out = new Set<string>();
  for (const node of nodesOf(card)) {
    for (const key in node.params) {
      const folded = `${node.kind}:${key.toLowerCase()}`;
      if (!readers.has(folded) && !isDescriptiveKey(key)) out.add(folded);
      else if (forms.size > 0) {
        const form = forms.get(`${node.kind}:${node.head.toLowerCase()}:${key.toLowerCase()}`) ?? forms.get(`${node.kind}:*:${key.toLowerCase()}`);
        const value = node.params[key]!.trim();
        if (form && !form.accepts(value)) out.add(`${node.kind}:${node.head}.${key}=${value}`);
      }
    }
  }
  return [...out].sort();
}

function* nodesOf(card: Card): Generator<ScriptNode> {
  for (const face of card.faces) {
    for (const list of [face.abilities, face.triggers, face.statics, face.replacements]) {
      for (const node of list) if (!node.origin) yield node;
    }
    for (const name in face.svars) {
      const node = face.svars[name]!.node;
      if (node && !node.origin) yield node;
    }
  }
}

/**
 * Counts every parameter key written in the cards' scripts, per kind of node (lines the compiler
 * synthesised are not counted), and splits them by whether anything declared a read. Sorted by
 * occurrences, then key.
 *
 * @example
 * ```ts
 * const census = takeCensus(registry.cards);
 * census.unread[0]; // { key: 'Cost', kind: 'ability', occurrences: 12533, cards: 10498, ... }
 * ```
 */
export function takeCensus(cards: Iterable<Card>): Census {
  type Tally = { spellings: Map<string, number>; occurrences: number; cards: number; example: string };
  const tallies = new Map<string, Tally>();
  for (const card of cards) {
    const seenHere = new Set<string>();
    for (const node of nodesOf(card)) {
      for (const key in node.params) {
        const folded = `${node.kind}:${key.toLowerCase()}`;
        let t = tallies.get(folded);
        if (!t) tallies.set(folded, (t = { spellings: new Map(), occurrences: 0, cards: 0, example: card.name }));
        t.occurrences++;
        t.spellings.set(key, (t.spellings.get(key) ?? 0) + 1);
        if (!seenHere.has(folded)) {
          seenHere.add(folded);
          t.cards++;
        }
      }
    }
  }
  const who = paramReaders();
  const all: CensusEntry[] = [];
  for (const [folded, t] of tallies) {
    let key = '';
    let best = -1;
    for (const [spelling, n] of t.spellings) {
      if (n > best || (n === best && spelling < key)) [key, best] = [spelling, n];
    }
    const kind = folded.slice(0, folded.indexOf(':')) as NodeKind;
    all.push({ key, kind, occurrences: t.occurrences, cards: t.cards, example: t.example, readBy: who.get(folded) ?? [] });
  }
  const order = (e: CensusEntry): string => `${e.key}\u0000${e.kind}`;
  all.sort((a, b) => b.occurrences - a.occurrences || (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  const unread = all.filter((e) => e.readBy.length === 0);
  return { keys: all.length, read: all.length - unread.length, unread, all };
}
