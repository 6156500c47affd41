/**
 * Card notation: the entries of a zone line (`p0battlefield=Mountain|Tapped; Grizzly Bears|Id:5`).
 * Entries are separated by `;`, modifiers by `|`, as Forge's `GameState.processCardsForZone`
 * reads them. The first part of an entry is a card name, an inline token (`t:Name,P:1,T:1,...`,
 * Forge's `TokenInfo`) or a token script (`T:c_a_food`, newer Forge; a bare `c_a_food` in
 * DeepScry's corpus). Card names resolve through the card registry.
 */
import type { Seat } from '../engine/choice.js';
import type { Card, CardRegistry } from '../cards/index.js';
import { clip, type PuzzleSink, type Position } from './diagnostics.js';
import type { CombatLink, InlineToken, PuzzleCard, PuzzlePrecast, PuzzleScriptCall } from './model.js';
import { suggestCardNames } from '../cards/suggest.js';

/** What entry readers need: the registry, where to report, and the [state] abilities. */
export type NotationContext = { registry: CardRegistry; sink: PuzzleSink };

/** A piece of a line with the column it starts at. */
type Piece = { text: string; column: number };

/**
 * Splits `text` (which starts at `column`) at `sep`, trimming each piece and dropping empty
 * ones, keeping each piece's column.
 */
export function splitPieces(text: string, column: number, sep: string): Piece[] {
  const out: Piece[] = [];
  let start = 0;
  for (;;) {
    const end = text.indexOf(sep, start);
    const raw = text.slice(start, end === -1 ? undefined : end);
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed !== '') out.push({ text: trimmed, column: column + start + lead });
    if (end === -1) return out;
    start = end + sep.length;
  }
}

const INT = /^-?[0-9]+$/;
const toInt = (text: string): number | undefined => (INT.test(text.trim()) && Number.isSafeInteger(Number(text.trim())) ? Number(text.trim()) : undefined);

/**
 * Reads a player word of a puzzle: `p0`/`human` is seat 0, `p1`/`ai` seat 1 (case-insensitive).
 *
 * @example
 * ```ts
 * puzzleSeat('AI'); // 1
 * puzzleSeat('p2'); // undefined
 * ```
 */
export function puzzleSeat(word: string): Seat | undefined {
  const w = word.trim().toLowerCase();
  if (w === 'p0' || w === 'human') return 0;
  if (w === 'p1' || w === 'ai') return 1;
  return undefined;
}

/**
 * Reads counters written `P1P1=2,CHARGE=1` (kinds in upper case); `undefined` when malformed.
 *
 * @example
 * ```ts
 * parseCounters('P1P1=2,charge=1'); // { P1P1: 2, CHARGE: 1 }
 * ```
 */
export function parseCounters(text: string): Record<string, number> | undefined {
  const out: Record<string, number> = {};
  for (const pair of text.split(',')) {
    if (pair.trim() === '') continue;
    const m = /^\s*([A-Za-z][A-Za-z0-9_]*)\s*=\s*([0-9]+)\s*$/.exec(pair);
    if (!m || !Number.isSafeInteger(Number(m[2]))) return undefined;
    const kind = m[1]!.toUpperCase();
    out[kind] = (out[kind] ?? 0) + Number(m[2]);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * Reads Forge's inline token (`TokenInfo`): a name, then `,`-separated `Key:value` items (`P`, `T`,
 * `Cost`, `Color`, `Types` and `Keywords` split at `-`, `Image`). `undefined` when it has no name
 * or a power or toughness that is not a number.
 *
 * @example
 * ```ts
 * parseInlineToken('Servo,P:1,T:1,Cost:no cost,Types:Artifact-Creature-Servo,Keywords:,Image:c_1_1_servo');
 * // { name: 'Servo', power: 1, toughness: 1, cost: 'no cost', colour: '', types: ['Artifact', 'Creature', 'Servo'], keywords: [], image: 'c_1_1_servo' }
 * ```
 */
export function parseInlineToken(text: string): InlineToken | undefined {
  const items = text.split(',');
  const name = items[0]!.trim();
  if (name === '') return undefined;
  const token: InlineToken = { name, power: 0, toughness: 0, cost: '0', colour: '', types: [], keywords: [] };
  const list = (v: string): string[] =>
    v
      .split('-')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  for (const item of items.slice(1)) {
    const colon = item.indexOf(':');
    if (colon === -1) continue; // Forge skips items without a key (`Saproling,,P:1`)
    const key = item.slice(0, colon).trim();
    const value = item.slice(colon + 1).trim();
    if (key === 'P' || key === 'T') {
      const n = toInt(value);
      if (n === undefined) return undefined;
      if (key === 'P') token.power = n;
      else token.toughness = n;
    } else if (key === 'Cost') token.cost = value;
    else if (key === 'Color') token.colour = value;
    else if (key === 'Types') token.types = list(value);
    else if (key === 'Keywords') token.keywords = list(value);
    else if (key === 'Image') token.image = value;
  }
  return token;
}

/**
 * Reads a set-up call's script and target: `DBToken->420`, `3`, `CustomScript:DB$ Dig | ...`,
 * `KW#AwakenOnly->424`. The target follows the last `->`: a card id, or `human` / `ai` (also
 * `p0` / `p1`). `undefined` target text means the target is malformed.
 */
export function parseScriptCall(text: string): PuzzleScriptCall & { badTarget?: string } {
  const arrow = text.lastIndexOf('->');
  const script = (arrow === -1 ? text : text.slice(0, arrow)).trim();
  const out: PuzzleScriptCall & { badTarget?: string } = script !== '' ? { script } : {};
  if (arrow !== -1) {
    const t = text.slice(arrow + 2).trim();
    const seat = puzzleSeat(t);
    const id = toInt(t);
    if (seat !== undefined) out.target = { player: seat };
    else if (id !== undefined && id >= 0) out.target = { id };
    else out.badTarget = t;
  }
  return out;
}

function hasSVar(card: Card, name: string): boolean {
  const key = name.toLowerCase();
  return card.faces.some((f) => Object.keys(f.svars).some((k) => k.toLowerCase() === key));
}

/** Reports a script that names an SVar the card does not have. */
function checkScript(ctx: NotationContext, card: Card | undefined, call: PuzzleScriptCall, at: Position): void {
  const s = call.script;
  if (!card || s === undefined || /^[0-9]+$/.test(s) || s.startsWith('CustomScript:') || s.startsWith('KW#')) return;
  if (!hasSVar(card, s)) ctx.sink.error('puzzle/unknown-svar', at, `${card.name} has no SVar ${JSON.stringify(s)} to run`);
}

/** Resolves a card name, reporting an unknown one. */
function resolveName(ctx: NotationContext, name: string, at: Position): Pick<PuzzleCard, 'card' | 'tokenScript'> {
  const card = ctx.registry.lookup(name);
  if (card) return { card: card.name };
  const token = ctx.registry.token(name);
  if (token) return { tokenScript: token.file.replace(/^.*\//, '').replace(/\.txt$/i, '') };
  // Token scripts are named like `c_a_food` or `w_1_1_soldier`: lower case words joined by `_`.
  if (/^[a-z0-9]+(_[a-z0-9]+)+$/.test(name)) {
    ctx.sink.error('puzzle/unknown-token', at, `unknown token script ${JSON.stringify(name)} (token scripts are under tokenscripts/ in the card corpus)`);
    return {};
  }
  const near = suggestCardNames(ctx.registry, name);
  const hint = near.length > 0 ? `; nearest known: ${near.map((n) => JSON.stringify(n)).join(', ')}` : '';
  ctx.sink.error('puzzle/unknown-card', at, `unknown card ${JSON.stringify(name)}${hint}`, near);
  return {};
}

function combatLink(value: string, byName: boolean): CombatLink | undefined {
  const id = toInt(value);
  if (id !== undefined && id >= 0) return { id };
  const seat = puzzleSeat(value);
  if (seat !== undefined) return { player: seat };
  return byName && value.trim() !== '' ? { name: value.trim() } : undefined;
}

function idList(value: string): number[] | undefined {
  const ids = value.split(',').map((s) => toInt(s));
  return ids.length > 0 && ids.every((n) => n !== undefined && n >= 0) ? (ids as number[]) : undefined;
}

const FLAGS: Record<string, keyof PuzzleCard> = {
  tapped: 'tapped',
  summonsick: 'summonSick',
  transformed: 'transformed',
  flipped: 'flipped',
  meld: 'meld',
  renowned: 'renowned',
  phasedout: 'phasedOut',
  iscommander: 'isCommander',
  noetbtrigs: 'noEnterTriggers',
};

const VALUED = new Set([
  'set',
  'art',
  'id',
  'counters',
  'damage',
  'attaching',
  'attachedto',
  'enchantingplayer',
  'blocking',
  'chosencolor',
  'chosentype',
  'namedcard',
  'rememberedcards',
  'imprinting',
  'exiledwith',
  'executescript',
  'ability',
]);

/**
 * Reads one modifier into `card`. Returns false for a modifier the format does not have.
 */
function applyModifier(ctx: NotationContext, card: PuzzleCard, piece: Piece, resolved: Card | undefined): boolean {
  const colon = piece.text.indexOf(':');
  const key = (colon === -1 ? piece.text : piece.text.slice(0, colon)).trim().toLowerCase();
  const value = colon === -1 ? '' : piece.text.slice(colon + 1).trim();
  const hasValue = colon !== -1;
  const at: Position = { line: card.line, column: piece.column };
  const bad = (what: string): true => {
    ctx.sink.error('puzzle/bad-modifier', at, `${clip(piece.text)}: ${what}`);
    return true;
  };
  const flag = FLAGS[key];
  if (flag) {
    (card as Record<string, unknown>)[flag] = true;
    return true;
  }
  // Forge recognises these by their `Key:` prefix, so without the colon one is not the modifier.
  if (!hasValue && VALUED.has(key)) return false;
  const int = toInt(value);
  switch (key) {
    case 'facedown':
      if (hasValue && value.toLowerCase() !== 'manifested') return bad('FaceDown takes no value, or :Manifested');
      card.faceDown = hasValue ? 'manifested' : 'face-down';
      return true;
    case 'monstrous':
      if (hasValue && (int === undefined || int < 0)) return bad('Monstrous:n needs a whole number');
      card.monstrous = hasValue ? int! : true;
      return true;
    case 'set':
      if (value === '') return bad('Set: needs a set code');
      card.set = value;
      return true;
    case 'art':
      if (int === undefined || int < 0) return bad('Art:n needs a whole number');
      card.art = int;
      return true;
    case 'id':
      if (int === undefined || int < 0) return bad('Id:n needs a whole number');
      card.id = int;
      return true;
    case 'counters': {
      const counters = parseCounters(value);
      if (!counters) return bad('counters are written Counters:P1P1=2,CHARGE=1');
      card.counters = { ...(card.counters ?? {}), ...counters };
      return true;
    }
    case 'damage':
      if (int === undefined || int < 0) return bad('Damage:n needs a whole number');
      card.damage = int;
      return true;
    case 'attaching':
    case 'attachedto':
      if (int === undefined || int < 0) return bad('it needs the Id of the card it is attached to');
      card.attachedTo = int;
      return true;
    case 'enchantingplayer': {
      const seat = puzzleSeat(value);
      if (seat === undefined) return bad('EnchantingPlayer: is human or ai (p0 or p1)');
      card.enchantingPlayer = seat;
      return true;
    }
    case 'attacking': {
      if (!hasValue) {
        card.attacking = true;
        return true;
      }
      const link = combatLink(value, false);
      if (!link || 'name' in link) return bad('Attacking:n needs the Id of the planeswalker attacked (or human / ai)');
      card.attacking = link;
      return true;
    }
    case 'blocking': {
      const link = combatLink(value, true);
      if (!link || 'player' in link) return bad('Blocking: needs the Id or name of the attacker it blocks');
      card.blocking = link;
      return true;
    }
    case 'chosencolor':
      if (value === '') return bad('ChosenColor: needs a colour');
      card.chosenColours = value
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
      return true;
    case 'chosentype':
      if (value === '') return bad('ChosenType: needs a type');
      card.chosenType = value;
      return true;
    case 'namedcard':
      if (value === '') return bad('NamedCard: needs a card name');
      card.namedCard = value;
      return true;
    case 'rememberedcards':
    case 'imprinting': {
      const ids = idList(value);
      if (!ids) return bad('it needs card Ids separated by commas');
      if (key === 'imprinting') card.imprintedIds = ids;
      else card.rememberedIds = ids;
      return true;
    }
    case 'exiledwith':
      if (int === undefined || int < 0) return bad('ExiledWith:n needs the Id of the card that exiled it');
      card.exiledWith = int;
      return true;
    case 'executescript': {
      const call = parseScriptCall(value);
      if (call.script === undefined) return bad('ExecuteScript: needs the name of an SVar of the card');
      if (call.badTarget !== undefined) return bad(`the target after -> is a card Id, human or ai, not ${JSON.stringify(call.badTarget)}`);
      card.executeScript = { script: call.script, ...(call.target ? { target: call.target } : {}) };
      checkScript(ctx, resolved, card.executeScript, at);
      return true;
    }
    case 'ability':
      if (value === '') return bad('Ability: needs the name of an Ability line of [state]');
      card.ability = value;
      return true;
    default:
      return false;
  }
}

/**
 * Reads one entry of a zone list. Unknown cards and bad modifiers are reported; the entry is
 * still returned (without `card`), so positions and counts stay right.
 */
export function parseCardEntry(ctx: NotationContext, entry: Piece, line: number): PuzzleCard {
  const parts = splitPieces(entry.text, entry.column, '|');
  const head = parts[0] ?? { text: entry.text, column: entry.column };
  const card: PuzzleCard = { line, column: entry.column, written: entry.text };
  const at: Position = { line, column: head.column };
  let resolved: Card | undefined;
  if (head.text.startsWith('t:')) {
    const token = parseInlineToken(head.text.slice(2));
    if (token) card.token = token;
    else ctx.sink.error('puzzle/bad-token', at, `an inline token is t:Name,P:n,T:n,...: ${clip(head.text)}`);
  } else if (head.text.startsWith('T:')) {
    const name = head.text.slice(2).trim();
    const token = ctx.registry.token(name);
    if (token) card.tokenScript = token.file.replace(/^.*\//, '').replace(/\.txt$/i, '');
    else ctx.sink.error('puzzle/unknown-token', at, `unknown token script ${JSON.stringify(name)}`);
  } else {
    // DeepScry writes a Class's level after the name: `Stormchaser's Talent@L3` (CR 716).
    const level = /^(.*\S)@L([0-9]+)$/.exec(head.text);
    if (level) card.classLevel = Number(level[2]);
    Object.assign(card, resolveName(ctx, level ? level[1]! : head.text, at));
    resolved = card.card !== undefined ? ctx.registry.lookup(card.card) : undefined;
  }
  for (const piece of parts.slice(1)) {
    if (applyModifier(ctx, card, piece, resolved)) continue;
    (card.unknownModifiers ??= []).push(piece.text);
    const lower = piece.text.toLowerCase();
    const setHint = VALUED.has(lower)
      ? ` (${piece.text} takes a value: ${piece.text}:...)`
      : /^[A-Z0-9]{2,5}$/.test(piece.text)
        ? ` (a set code is written Set:${piece.text})`
        : '';
    ctx.sink.warn(
      'puzzle/unknown-modifier',
      { line, column: piece.column },
      `unknown modifier ${JSON.stringify(clip(piece.text))}: kept, not acted on${setHint}`,
    );
  }
  return card;
}

/**
 * Reads a zone list: `;`-separated entries (a trailing `;` is fine). `column` is where `value`
 * starts on its line.
 *
 * @example
 * ```ts
 * parseCardList(ctx, 'Mountain|Tapped; Grizzly Bears', 3, 15).map((c) => [c.card, c.column, c.tapped]);
 * // [['Mountain', 15, true], ['Grizzly Bears', 32, undefined]]
 * ```
 */
export function parseCardList(ctx: NotationContext, value: string, line: number, column: number): PuzzleCard[] {
  return splitPieces(value, column, ';').map((entry) => parseCardEntry(ctx, entry, line));
}

/**
 * Reads a `precast` (or `putonstack`) line: `;`-separated `Card`, `Card->target`,
 * `Card:Script` or `Card:Script->target` (Forge's `precastSpellFromCard`; `^` stands for a `:`
 * in a card name, and a number instead of a name is the card with that Id).
 */
export function parsePrecastList(ctx: NotationContext, value: string, line: number, column: number): PuzzlePrecast[] {
  return splitPieces(value, column, ';').map((piece) => {
    const at: Position = { line, column: piece.column };
    const colon = piece.text.indexOf(':');
    let nameText: string;
    let call: PuzzleScriptCall & { badTarget?: string };
    if (colon !== -1) {
      nameText = piece.text.slice(0, colon).trim();
      call = parseScriptCall(piece.text.slice(colon + 1));
    } else {
      const arrow = piece.text.indexOf('->');
      nameText = (arrow === -1 ? piece.text : piece.text.slice(0, arrow)).trim();
      call = arrow === -1 ? {} : parseScriptCall(piece.text.slice(arrow));
    }
    nameText = nameText.replace(/\^/g, ':');
    const out: PuzzlePrecast = { line, column: piece.column, written: piece.text };
    if (call.script !== undefined) out.script = call.script;
    if (call.target) out.target = call.target;
    if (call.badTarget !== undefined) {
      ctx.sink.error('puzzle/bad-value', at, `the target after -> is a card Id, human or ai, not ${JSON.stringify(call.badTarget)}`);
    }
    const hostId = toInt(nameText);
    if (hostId !== undefined && hostId >= 0) {
      out.hostId = hostId;
      return out;
    }
    const { card } = resolveName(ctx, nameText, at);
    if (card !== undefined) {
      out.card = card;
      checkScript(ctx, ctx.registry.lookup(card), out, at);
    }
    return out;
  });
}
