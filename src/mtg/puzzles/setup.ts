/**
 * From a puzzle's [state] to the engine's {@link BoardSetup}. The engine's board set-up is smaller
 * than the puzzle format (no persistent mana, no face-down cards, ...),
 * so every feature it cannot take is named as an {@link Unsupported} reason rather than dropped:
 * a puzzle that needs one is reported as not runnable, never run on a different board.
 */
import type { BoardSetup, ManaColour, PermanentSetup, SeatSetup } from '../engine/index.js';
import type { PrecastSetup, SetupCard, SetupCounters, SetupLink, SetupPermanent, TokenSetup } from '../engine/context.js';
import type { Seat } from '../engine/choice.js';
import { stepOrder, type StepName } from '../input/index.js';
import type { At, Puzzle, PuzzleCard, PuzzlePlayer, PuzzleScriptCall } from './model.js';

/** A puzzle feature the engine's board set-up cannot express: a stable reason and where it was written. */
export type Unsupported = { reason: string; line: number; column: number };

/** The steps a set-up attacker can be in (declared, until the end of combat: CR 506.4), and a blocker. */
const ATTACKING_STEPS: ReadonlySet<StepName> = new Set<StepName>(['declareAttackers', 'declareBlockers', 'combatDamage', 'endCombat']);
const BLOCKING_STEPS: ReadonlySet<StepName> = new Set<StepName>(['declareBlockers', 'combatDamage', 'endCombat']);

/** The keyword precasts Forge has: the awakened spell, and its awaken part alone. */
const AWAKEN: ReadonlySet<string> = new Set(['KW#Awaken', 'KW#AwakenOnly']);

/** Colour words as the engine's `chosen.colour` holds them (what ChooseColor records). */
const COLOUR_WORDS: Record<string, string> = { white: 'White', blue: 'Blue', black: 'Black', red: 'Red', green: 'Green' };

/** Card modifiers the set-up carries (or that change nothing once the card is placed). */
type Placed = { name: string; card: PuzzleCard; token?: TokenSetup };

/** Modifiers that are statuses the engine has no field for, with their reason. */
const STATUS_REASONS: ReadonlyArray<[keyof PuzzleCard, string]> = [
  ['flipped', 'flipped cards'],
  ['meld', 'melded cards'],
  ['phasedOut', 'phased-out permanents'],
  ['isCommander', 'commanders'],
  ['classLevel', 'Class levels'],
];

function nameOf(card: PuzzleCard, out: Unsupported[]): string | null {
  if (card.token || card.tokenScript) {
    // A token in any zone but the battlefield ceases to exist (CR 111.7, 704.5d).
    out.push({ reason: 'tokens outside the battlefield', line: card.line, column: card.column });
    return null;
  }
  if (!card.card) {
    out.push({ reason: 'a card the registry does not know', line: card.line, column: card.column });
    return null;
  }
  return card.card;
}

/**
 * A battlefield token's set-up: a token script by its name, or Forge's inline token (its `Cost`
 * is not kept: a token has no mana cost unless it copies one, CR 111.4).
 */
function tokenOf(card: PuzzleCard): { name: string; token: TokenSetup } | null {
  if (card.tokenScript) return { name: card.tokenScript, token: { script: card.tokenScript } };
  const t = card.token;
  if (!t) return null;
  return { name: t.name, token: { power: t.power, toughness: t.toughness, colours: t.colour, types: [...t.types], keywords: [...t.keywords] } };
}

function statuses(card: PuzzleCard, out: Unsupported[], zone: string): void {
  for (const [key, reason] of STATUS_REASONS) {
    if (card[key] !== undefined) out.push({ reason, line: card.line, column: card.column });
  }
  // Counters sit on cards in the public zones too (CR 122.1a: Karn's silver counters in exile);
  // in a hand or a library, where no card puts them, they are not set up.
  if (card.counters !== undefined && !COUNTER_ZONES.has(zone))
    out.push({ reason: 'a counters modifier in a hand or a library', line: card.line, column: card.column });
  if (zone !== 'battlefield') {
    for (const key of [
      'tapped',
      'summonSick',
      'damage',
      'attachedTo',
      'executeScript',
      'attacking',
      'blocking',
      'chosenColours',
      'chosenType',
      'namedCard',
      // A double-faced card off the battlefield has its front face up (CR 712.8a), and a
      // designation stays with the permanent only (CR 702.112b, 701.37b).
      'transformed',
      'renowned',
      'monstrous',
      'enchantingPlayer',
      'faceDown',
      'rememberedIds',
      'imprintedIds',
      'ability',
    ] as const) {
      if (card[key] !== undefined) out.push({ reason: `a ${key} modifier outside the battlefield`, line: card.line, column: card.column });
    }
  }
}

/** The zones whose set-up cards may hold counters: the public ones (the battlefield's are the permanents'). */
const COUNTER_ZONES: ReadonlySet<string> = new Set(['battlefield', 'graveyard', 'exile', 'command']);

/** Counters on the set-up's cards off the battlefield (a permanent's are its entry's). */
function cardCountersOf(sides: ReadonlyArray<{ places: Array<[PuzzleCard, SetupCard]> }>): SetupCounters[] {
  return sides.flatMap((side) =>
    side.places.flatMap(([card, place]) =>
      card.counters !== undefined && place.zone !== 'battlefield' && COUNTER_ZONES.has(place.zone) ? [{ card: place, counters: { ...card.counters } }] : [],
    ),
  );
}

function playerSetup(puzzle: Puzzle, seat: Seat, out: Unsupported[]): { setup: SeatSetup; field: Placed[]; places: Array<[PuzzleCard, SetupCard]> } {
  const p: PuzzlePlayer = puzzle.state.players[seat];
  const at = { line: 1, column: 1 };
  const setup: SeatSetup = { life: p.life, landsPlayed: p.landsPlayed };
  for (const [kind, n] of Object.entries(p.counters)) {
    if (kind === 'POISON') setup.poison = n;
    else if (n !== 0) setup.counters = { ...setup.counters, [kind]: n };
  }
  // Forge's `manapool=R R G`: the pool as the game starts (it empties as the starting step ends).
  if (p.manaPool.length > 0) setup.manaPool = p.manaPool as ManaColour[];
  if (p.persistentMana.length > 0) setup.persistentMana = p.persistentMana as ManaColour[];
  if (p.landsPlayedLastTurn !== 0) out.push({ reason: 'lands played last turn', ...at });
  for (const pc of p.putOnStack) out.push({ reason: 'spells on the stack at set-up', line: pc.line, column: pc.column });
  // Where each card went, for the links between cards (RememberedCards, ExiledWith, ...).
  const places: Array<[PuzzleCard, SetupCard]> = [];
  for (const zone of ['hand', 'library', 'graveyard', 'exile', 'command'] as const) {
    const names: string[] = [];
    for (const card of p.zones[zone]) {
      statuses(card, out, zone);
      const name = nameOf(card, out);
      if (name === null) continue;
      places.push([card, { seat, zone, index: names.length }]);
      names.push(name);
    }
    setup[zone] = names;
  }
  const field: Placed[] = [];
  for (const card of p.zones.battlefield) {
    statuses(card, out, 'battlefield');
    const token = tokenOf(card);
    const name = token ? token.name : nameOf(card, out);
    if (name === null) continue;
    places.push([card, { seat, zone: 'battlefield', index: field.length }]);
    field.push({ name, card, ...(token ? { token: token.token } : {}) });
  }
  return { setup, field, places };
}

/**
 * The links between set-up cards by `Id`: a permanent's `RememberedCards:` and `Imprinting:`, and an
 * exiled card's `ExiledWith:` (the permanent whose ability exiled it). A link to a card the set-up
 * did not place (one already reported) is left out.
 */
function linksOf(sides: ReadonlyArray<{ places: Array<[PuzzleCard, SetupCard]> }>, byId: ReadonlyMap<number, SetupCard>, out: Unsupported[]): SetupLink[] {
  const all = sides.flatMap((side) => side.places);
  const links: SetupLink[] = [];
  for (const [card, place] of all) {
    const add = (kind: SetupLink['kind'], ids: readonly number[] | undefined, from: 'host' | 'card'): void => {
      for (const id of ids ?? []) {
        const other = byId.get(id);
        if (!other) continue;
        links.push(from === 'host' ? { kind, host: place, card: other } : { kind, host: other, card: place });
      }
    };
    add('remembers', card.rememberedIds, 'host');
    add('imprints', card.imprintedIds, 'host');
    if (card.exiledWith !== undefined) {
      if (place.zone !== 'exile') out.push({ reason: 'ExiledWith on a card outside exile', line: card.line, column: card.column });
      else add('exiledWith', [card.exiledWith], 'card');
    }
  }
  return links;
}

/** Where each set-up card with an `Id` went, in any zone. */
function placesById(sides: ReadonlyArray<{ places: Array<[PuzzleCard, SetupCard]> }>): Map<number, SetupCard> {
  const byId = new Map<number, SetupCard>();
  for (const [card, place] of sides.flatMap((side) => side.places)) if (card.id !== undefined) byId.set(card.id, place);
  return byId;
}

/**
 * The engine's board set-up for a puzzle, and every feature of it the set-up cannot express.
 * Summoning sickness follows the `SummonSick` modifier (and `removesummoningsickness`); an
 * attachment by `Id` becomes an index into its controller's battlefield list.
 *
 * @example
 * ```ts
 * const { setup, unsupported } = puzzleBoard(puzzle);
 * if (unsupported.length === 0) createGame({ registry, seed: 1, setup });
 * ```
 */
export function puzzleBoard(puzzle: Puzzle): { setup: BoardSetup; unsupported: Unsupported[] } {
  const out: Unsupported[] = [];
  const s = puzzle.state;
  const sides = [playerSetup(puzzle, 0, out), playerSetup(puzzle, 1, out)] as const;
  // `activephaseadvance` to the next step: the game starts as that step begins, its turn-based
  // actions run (a Saga's lore counter as main 1 begins, CR 714.3b), which is all Forge's advance
  // does from the step before. An advance over more steps would skip their actions: not expressed.
  const adjacent = s.advanceTo !== undefined && stepOrder(s.advanceTo) === stepOrder(s.activePhase) + 1;
  if (s.advanceTo !== undefined && !adjacent) out.push({ reason: 'activephaseadvance past more than the next step', line: 1, column: 1 });
  const step: StepName = adjacent ? s.advanceTo! : s.activePhase;
  // Where each Id sits: (controller, index in that battlefield list).
  const where = new Map<number, [Seat, number]>();
  for (const seat of [0, 1] as Seat[]) {
    sides[seat].field.forEach((placed, i) => {
      if (placed.card.id !== undefined) where.set(placed.card.id, [seat, i]);
    });
  }
  // `Ability:Name` lines the set-up's tokens use, by lower-case name (as [state] keeps them).
  const abilities: Record<string, string> = {};
  const players = ([0, 1] as Seat[]).map((seat) => {
    const { setup, field } = sides[seat];
    setup.battlefield = field.map(({ name, card, token }): PermanentSetup => {
      const entry: Exclude<PermanentSetup, string> = { name, ...(token ? { token } : {}) };
      if (card.tapped) entry.tapped = true;
      if (card.summonSick && !s.removeSummoningSickness) entry.sick = true;
      if (card.counters) entry.counters = { ...card.counters };
      if (card.damage !== undefined) entry.damage = card.damage;
      if (card.attachedTo !== undefined) {
        const host = where.get(card.attachedTo);
        if (!host) out.push({ reason: 'attached to a card that is not on the battlefield', line: card.line, column: card.column });
        else if (host[0] === seat) entry.attachedTo = host[1];
        else entry.attachedToOpponent = host[1];
      }
      combatEntry(card, entry, seat, { step, active: s.activePlayer, where, sides }, out);
      const chosen = chosenOf(card, out);
      if (chosen) entry.chosen = chosen;
      if (card.transformed) entry.transformed = true;
      if (card.enchantingPlayer !== undefined) entry.attachedToPlayer = card.enchantingPlayer;
      if (card.faceDown) entry.faceDown = card.faceDown === 'manifested' ? 'manifested' : true;
      if (card.ability !== undefined) {
        // Forge adds the line's ability to the card; an inline token's is part of its definition.
        const name = card.ability.toLowerCase();
        const line = s.abilities[name];
        if (!card.token || line === undefined)
          out.push({ reason: 'abilities granted at set-up (Ability:) to a card or a token script', line: card.line, column: card.column });
        else {
          entry.abilities = [name];
          abilities[name] = line;
        }
      }
      // `Monstrous:n` also says the X it became monstrous with, which only its "when it becomes
      // monstrous" trigger read, long resolved by the time a puzzle starts.
      const designations = [...(card.renowned ? (['renowned'] as const) : []), ...(card.monstrous !== undefined ? (['monstrous'] as const) : [])];
      if (designations.length > 0) entry.designations = designations;
      return Object.keys(entry).length === 1 ? name : entry;
    });
    return setup;
  }) as [SeatSetup, SeatSetup];
  const byId = placesById(sides);
  const precast = precasts(puzzle, sides, { where, byId }, out);
  const links = linksOf(sides, byId, out);
  const cardCounters = cardCountersOf(sides);
  return {
    setup: {
      turn: s.turn,
      active: s.activePlayer,
      step,
      ...(adjacent ? { stepBegins: true } : {}),
      players,
      ...(precast.length > 0 ? { precast } : {}),
      ...(links.length > 0 ? { links } : {}),
      ...(cardCounters.length > 0 ? { cardCounters } : {}),
      // Forge's set-up puts each permanent onto the battlefield as a permanent entering, so an
      // "as it enters" ability that moves a card runs (PC_022416: Living Lore exiles Howl of the Horde).
      enterMoves: true,
      ...(Object.keys(abilities).length > 0 ? { abilities } : {}),
    },
    unsupported: out,
  };
}

/** Where the set-up's permanents are, to resolve the combat modifiers' links. */
type Layout = { step: StepName; active: Seat; where: ReadonlyMap<number, [Seat, number]>; sides: ReadonlyArray<{ field: Placed[] }> };

/**
 * `Attacking` / `Blocking:` into the entry's combat: an attacker is the active player's and
 * attacks the other player or their planeswalker (by Id); a blocker is the other player's and
 * blocks an attacker by Id, or by name (DeepScry) when exactly one attacker has that name.
 */
function combatEntry(card: PuzzleCard, entry: Exclude<PermanentSetup, string>, seat: Seat, layout: Layout, out: Unsupported[]): void {
  const at = { line: card.line, column: card.column };
  const defender: Seat = layout.active === 0 ? 1 : 0;
  const a = card.attacking;
  if (a !== undefined) {
    if (seat !== layout.active) out.push({ reason: "an attacker that is not the active player's", ...at });
    else if (!ATTACKING_STEPS.has(layout.step)) out.push({ reason: `attacking at set-up in the ${layout.step} step`, ...at });
    else if (a === true || ('player' in a && a.player === defender)) entry.attacking = true;
    else if ('id' in a && layout.where.get(a.id)?.[0] === defender) entry.attacking = { planeswalker: layout.where.get(a.id)![1] };
    else out.push({ reason: 'attacking something other than the defending player or their planeswalker', ...at });
  }
  const b = card.blocking;
  if (b === undefined) return;
  if (seat !== defender) return void out.push({ reason: "a blocker that is not the defending player's", ...at });
  if (!BLOCKING_STEPS.has(layout.step)) return void out.push({ reason: `blocking at set-up in the ${layout.step} step`, ...at });
  const attackers = layout.sides[layout.active]!.field.map((p, i) => ({ p, i })).filter(({ p }) => p.card.attacking !== undefined);
  let found: number[] = [];
  if ('id' in b) found = attackers.filter(({ p }) => p.card.id === b.id).map(({ i }) => i);
  else if ('name' in b) found = attackers.filter(({ p }) => p.name.toLowerCase() === b.name.toLowerCase()).map(({ i }) => i);
  if (found.length !== 1) return void out.push({ reason: 'blocking a creature that is not one attacker of the set-up', ...at });
  entry.blocking = found[0]!;
}

/** `ChosenColor:` / `ChosenType:` / `NamedCard:` as the engine's `chosen` (one colour: the engine keeps one). */
function chosenOf(card: PuzzleCard, out: Unsupported[]): { colour?: string; type?: string; name?: string } | undefined {
  const chosen: { colour?: string; type?: string; name?: string } = {};
  if (card.chosenColours !== undefined) {
    const words = card.chosenColours.map((c) => COLOUR_WORDS[c.toLowerCase()]);
    if (words.length !== 1 || words[0] === undefined)
      out.push({ reason: 'chosen colours other than one colour at set-up', line: card.line, column: card.column });
    else chosen.colour = words[0];
  }
  if (card.chosenType !== undefined) chosen.type = card.chosenType;
  if (card.namedCard !== undefined) chosen.name = card.namedCard;
  return Object.keys(chosen).length > 0 ? chosen : undefined;
}

/**
 * The set-up's precasts, in Forge's order (`GameState.applyGameOnThread`): every `ExecuteScript`
 * (its card is the host and its controller the one who activates), then p0's and p1's `precast`
 * lines. What it runs: no script, the card's first spell ability; a number, Forge's index into
 * its spells and abilities; `KW#Awaken` / `KW#AwakenOnly`, the awakened spell or its awaken part
 * alone; else the SVar of that name. A target is a card in any zone, or a player.
 */
function precasts(
  puzzle: Puzzle,
  sides: ReadonlyArray<{ field: Placed[] }>,
  ids: { where: ReadonlyMap<number, [Seat, number]>; byId: ReadonlyMap<number, SetupCard> },
  out: Unsupported[],
): PrecastSetup[] {
  const list: PrecastSetup[] = [];
  const at = (pc: At) => ({ line: pc.line, column: pc.column });
  const place = (id: number, pc: At): SetupPermanent | undefined => {
    const w = ids.where.get(id);
    if (!w) out.push({ reason: 'a set-up host that is not on the battlefield', ...at(pc) });
    return w ? { seat: w[0], index: w[1] } : undefined;
  };
  // A target may be a card in any zone, as Forge's is any card by Id (an exiled creature
  // Suspension Field's `ExecuteScript:DBEffect->101` remembers).
  const targetOf = (id: number, pc: At): SetupPermanent | SetupCard | undefined => {
    const w = ids.where.get(id);
    if (w) return { seat: w[0], index: w[1] };
    const c = ids.byId.get(id);
    if (!c) out.push({ reason: 'a set-up target that the set-up did not place', ...at(pc) });
    return c;
  };
  const call = (c: PuzzleScriptCall, pc: At): Pick<PrecastSetup, 'ability' | 'target'> | undefined => {
    const script = c.script;
    if (script?.startsWith('CustomScript:')) out.push({ reason: 'CustomScript at set-up', ...at(pc) });
    // Forge's keyword precasts are Awaken's alone: `KW#Awaken` casts the awakened spell,
    // `KW#AwakenOnly` resolves only its awaken part (GameState.executeScript).
    else if (script?.startsWith('KW#') && !AWAKEN.has(script)) out.push({ reason: 'keyword abilities other than Awaken at set-up (KW#)', ...at(pc) });
    else {
      const r: Pick<PrecastSetup, 'ability' | 'target'> = {};
      if (script !== undefined && AWAKEN.has(script)) r.ability = { keyword: 'Awaken', ...(script === 'KW#AwakenOnly' ? { only: true } : {}) };
      else if (script !== undefined) r.ability = /^[0-9]+$/.test(script) ? Number(script) : script;
      if (c.target && 'player' in c.target) r.target = { player: c.target.player };
      else if (c.target) {
        const t = targetOf(c.target.id, pc);
        if (!t) return undefined;
        r.target = t;
      }
      return r;
    }
    return undefined;
  };
  for (const seat of [0, 1] as Seat[]) {
    sides[seat]!.field.forEach(({ card }, index) => {
      if (!card.executeScript) return;
      const r = call(card.executeScript, card);
      if (r) list.push({ seat, host: { seat, index }, ...r });
    });
  }
  for (const seat of [0, 1] as Seat[]) {
    for (const pc of puzzle.state.players[seat].precast) {
      const r = call(pc, pc);
      if (!r) continue;
      if (pc.hostId !== undefined) {
        const host = place(pc.hostId, pc);
        if (host) list.push({ seat, host, ...r });
      } else if (pc.card !== undefined) list.push({ seat, card: pc.card, ...r });
    }
  }
  return list;
}
