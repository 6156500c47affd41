/**
 * How a game's objects come to be before its first decision: the shuffled decks of a normal
 * game (CR 103.2), or a board set-up for tests and puzzles: cards in every zone, permanents with
 * their status, tokens (CR 111.1) and precast spells resolved before anyone gets priority.
 */
import { StoryletError } from '../../core/errors.js';
import { Rng } from '../../core/random.js';
import type { Seat } from './choice.js';
import { maybeObj, opponent, touch, type BoardSetup, type G, type PermanentSetup, type PrecastSetup, type Run, type SetupCard } from './context.js';
import type { Gen } from './ask.js';
import { chars } from './layers.js';
import { blankObject, createTokenObject, pileId, SEAT_NAMES } from './zones.js';
import { attach, attachToPlayer, changeZone } from './actions.js';
import { auraOnPlayerLegal } from './enchant.js';
import { cardNamed, isPermanentChars, nodeKey, resolveNode, TOKEN_PREFIX, type NodeRef } from './cards.js';
import { chainOf, resolveTop } from './resolve.js';
import { chooseTargets, targetSpec } from './targets.js';
import { emptyItem } from './stackitem.js';
import { HIDDEN_CARD } from './replica/identity.js';
import { tokenDefinition } from './effects/token.js';
import { etbKeywordAbilities } from './replacement.js';
import { setupAbilityKeys } from './setup-abilities.js';
import type { CombatState, GameObject, Ref, Step, Zone } from './types.js';

/** A new card object of `name` in `zone`, its face known as the zone allows. */
function newObject(g: G, name: string, owner: Seat, zone: Zone): GameObject {
  const card = g.registry.get(name);
  const id = g.s.nextId++;
  // A card's face is known to everyone outside the library and hands, and in a hand to its owner.
  const open = zone !== 'library' && zone !== 'hand';
  const o = blankObject({
    id,
    tid: `c${id}`,
    card: card.name,
    token: null,
    owner,
    controller: owner,
    zone,
    controlSince: 0,
    timestamp: 0,
    known: [open || (zone === 'hand' && owner === 0), open || (zone === 'hand' && owner === 1)],
    enteredTurn: 0,
  });
  g.s.objects[id] = o;
  return o;
}

/**
 * Builds the objects and zones of a normal game: shuffled libraries (CR 103.2). The opening order
 * is fixed first (the deck stream's permutation of the decklist, then `topOfLibrary`), and only
 * then are the objects made, in slot order, top first: an object's id names a library slot, never
 * a decklist line, so a public id says nothing of the card's face (docs/mtg/network.md).
 */
export function setupDecks(g: G): Record<string, number[]> {
  const initial: Record<string, number[]> = {};
  const deckRng = new Rng(`${g.config.deckSeed ?? g.config.seed}/decks`);
  for (const seat of [0, 1] as Seat[]) {
    if (g.replica?.role === 'shadow') {
      // A shadow knows each library's size and nothing of its order (docs/mtg/network.md).
      initial[pileId('library', seat)] = g.config.decks![seat].map(() => newObject(g, HIDDEN_CARD, seat, 'library').id);
      continue;
    }
    const names = g.config.decks![seat].map((n) => g.registry.get(n).name);
    // The permutation depends only on the list's length, so shuffling line numbers draws the same order.
    const lines = names.map((_, i) => i);
    deckRng.shuffle(lines);
    const top = g.config.topOfLibrary?.[seat] ?? [];
    // `--p1-draw`: named cards moved to the top, in order.
    const chosen: number[] = [];
    for (const name of top) {
      const card = g.registry.get(name).name;
      const at = lines.findIndex((i) => names[i] === card);
      if (at < 0) throw new StoryletError('mtg/bad-config', `topOfLibrary: ${name} is not in deck ${seat + 1}`, { name, seat });
      chosen.push(lines[at]!);
      lines.splice(at, 1);
    }
    initial[pileId('library', seat)] = [...chosen, ...lines].map((i) => newObject(g, names[i]!, seat, 'library').id);
  }
  return initial;
}

const MANA_COLOURS: readonly string[] = ['W', 'U', 'B', 'R', 'G', 'C'];

/** Colour letters as the Token effect's `TokenColors$` writes them. */
const COLOUR_WORD: Record<string, string> = { W: 'White', U: 'Blue', B: 'Black', R: 'Red', G: 'Green' };

/** One battlefield entry of a board setup: its object is made before the table for a card, after it for a token. */
export type Placed = { seat: Seat; entry: PermanentSetup; o: GameObject | null };

/** Builds a board setup's card objects and zones; tokens are made by {@link placeTokens} once the table exists. */
export function setupBoard(g: G, setup: BoardSetup): { initial: Record<string, number[]>; placed: Placed[] } {
  const initial: Record<string, number[]> = {};
  const placed: Placed[] = [];
  for (const seat of [0, 1] as Seat[]) {
    const p = setup.players[seat] ?? {};
    const life = p.life ?? g.config.startingLife ?? 20;
    g.s.players[seat].life = life;
    g.s.players[seat].poison = p.poison ?? 0;
    g.s.players[seat].landsPlayed = p.landsPlayed ?? 0;
    const counters = Object.entries(p.counters ?? {}).filter(([, n]) => n > 0);
    if (counters.length > 0) g.s.players[seat].counters = Object.fromEntries(counters.map(([k, n]) => [k.toUpperCase(), n]));
    // Set-up mana was made by no object; nothing reads a unit's source but its existence.
    for (const [key, persist] of [
      ['manaPool', false],
      ['persistentMana', true],
    ] as const) {
      for (const c of p[key] ?? []) {
        if (!MANA_COLOURS.includes(c))
          throw new StoryletError('mtg/bad-config', `setup: p${seat + 1}'s ${key} holds ${JSON.stringify(c)}; mana is one of W U B R G C`, { seat, mana: c });
        g.s.players[seat].pool.push(persist ? { c, src: -1, persist: true } : { c, src: -1 });
      }
    }
    for (const [zone, list] of [
      ['library', p.library],
      ['hand', p.hand],
      ['graveyard', p.graveyard],
      ['exile', p.exile],
      ['command', p.command],
    ] as const) {
      const ids = (list ?? []).map((n) => newObject(g, n, seat, zone).id);
      const pile = pileId(zone, seat);
      initial[pile] = [...(initial[pile] ?? []), ...ids];
    }
    for (const entry of p.battlefield ?? []) {
      if (typeof entry !== 'string' && entry.token) {
        placed.push({ seat, entry, o: null });
        continue;
      }
      if (typeof entry !== 'string' && entry.abilities && entry.abilities.length > 0) {
        throw new StoryletError('mtg/bad-config', `setup: ${entry.name} is a card: only an inline token takes set-up abilities`, { card: entry.name });
      }
      const o = newObject(g, typeof entry === 'string' ? entry : entry.name, seat, 'battlefield');
      permanentState(g, o, entry, seat);
      placed.push({ seat, entry, o });
      initial['battlefield'] = [...(initial['battlefield'] ?? []), o.id];
    }
  }
  return { initial, placed };
}

/** A set-up permanent's controller, owner and status (CR 110.5). */
function permanentState(g: G, o: GameObject, entry: PermanentSetup, seat: Seat): void {
  const spec = typeof entry === 'string' ? { name: entry } : entry;
  o.owner = typeof entry !== 'string' && entry.ownedByOpponent ? opponent(seat) : seat;
  o.controller = seat;
  o.lastController = seat;
  o.tapped = 'tapped' in spec && spec.tapped === true;
  o.counters = 'counters' in spec && spec.counters ? { ...spec.counters } : {};
  o.damage = 'damage' in spec ? (spec.damage ?? 0) : 0;
  // A choice made as it entered (Forge's ChosenColor / ChosenType / NamedCard), read as a resolved one is.
  if ('chosen' in spec && spec.chosen) o.chosen = { ...o.chosen, ...spec.chosen };
  if ('transformed' in spec && spec.transformed) {
    // Only a transforming double-faced card has a back face to show (CR 712.2, 712.8); a token
    // made by the set-up is never one.
    if (o.token || cardNamed(g.registry, o.card)?.layout !== 'transform') {
      throw new StoryletError(
        'mtg/bad-config',
        `setup: ${spec.name} is transformed, but it is not a transforming double-faced card; remove \`transformed\` or name a card with two faces`,
        { card: spec.name },
      );
    }
    o.face = 1;
  }
  if ('designations' in spec && spec.designations && spec.designations.length > 0) o.designations = [...new Set(spec.designations)].sort();
}

/**
 * Makes the set-up's tokens (CR 111.1) with the Token effect's definition and token maker, so a
 * set-up token is the same object a resolved Token effect makes. None of its enters-the-battlefield
 * triggers or replacements apply: like the set-up's cards, it is simply there. An inline token's
 * set-up abilities (`abilities`, lines of `BoardSetup.abilities`) are part of its definition.
 */
export function placeTokens(g: G, placed: Placed[], lines: Readonly<Record<string, string>> = {}): void {
  const keys = setupAbilityKeys(g.registry, lines);
  for (const p of placed) {
    if (p.o || typeof p.entry === 'string' || !p.entry.token) continue;
    const t = p.entry.token;
    if (t.script !== undefined && !cardNamed(g.registry, `${TOKEN_PREFIX}${t.script}`)) {
      throw new StoryletError('mtg/bad-config', `setup: unknown token script ${JSON.stringify(t.script)}`, { script: t.script });
    }
    const name = p.entry.name;
    const abilities = (p.entry.abilities ?? []).map((a) => {
      const key = keys[a];
      if (key === undefined)
        throw new StoryletError('mtg/bad-config', `setup: ${name} has ability ${JSON.stringify(a)}, which the set-up's abilities do not name`, { ability: a });
      return key;
    });
    if (abilities.length > 0 && t.script !== undefined) {
      throw new StoryletError('mtg/bad-config', `setup: token script ${t.script} has its script's abilities; set-up abilities are for inline tokens`, {
        script: t.script,
      });
    }
    const def = tokenDefinition({
      name: p.entry.name,
      types: t.types ?? [],
      colours: [...(t.colours ?? '')].map((c) => COLOUR_WORD[c.toUpperCase()] ?? '').join(','),
      power: t.power ?? null,
      toughness: t.toughness ?? null,
      keywords: t.keywords ?? [],
      abilities,
      ...(t.script !== undefined ? { script: t.script } : {}),
    });
    const o = createTokenObject(g, def, p.seat, def.name);
    permanentState(g, o, p.entry, p.seat);
    p.o = o;
  }
}

/**
 * A set-up precast made ready: its host object, what it runs (or the permanent spell), its target
 * and the position in the chain that target is for (0 but for a keyword's part later in the chain).
 */
export type Precast = { seat: Seat; host: GameObject; ref: NodeRef | null; target: Ref | null; targetAt: number };

/** The precast hosts that are new cards: made out of the game (the `void` pile) with the set-up's cards. */
export function precastCards(g: G, setup: BoardSetup): Array<GameObject | null> {
  return (setup.precast ?? []).map((p) => {
    if (p.host) return null;
    if (p.card === undefined) throw new StoryletError('mtg/bad-config', 'setup: a precast needs a card or a host');
    return newObject(g, p.card, p.seat, 'void');
  });
}

/**
 * What a precast runs: its SVar, or Forge's index into the card's spells and abilities, where a
 * card with a spell ability (`SP$`) starts with it and a permanent card starts with its
 * permanent spell (null here: the card is put onto the battlefield), or the spell a keyword
 * makes (or that keyword's part of it); and at which position of its chain the preset target is.
 */
function precastNode(g: G, host: GameObject, ability: PrecastSetup['ability']): { ref: NodeRef | null; targetAt: number } {
  const card = cardNamed(g.registry, host.card)!;
  const face = card.faces[0]!;
  const bad = (why: string): never => {
    throw new StoryletError('mtg/bad-config', `setup: precast of ${card.name}: ${why}`, { card: card.name, ability });
  };
  if (typeof ability === 'string') {
    const name = Object.keys(face.svars).find((k) => k.toLowerCase() === ability.toLowerCase());
    if (name === undefined) bad(`it has no SVar ${JSON.stringify(ability)}`);
    return { ref: resolveNode(g.registry, nodeKey(host.card, 0, 'v', name!)), targetAt: 0 };
  }
  if (typeof ability === 'object') {
    // The awakened spell is a spell ability of its own, its awaken part appended after the
    // spell's own chain: a PutCounter on target land you control, then the Animate of that land
    // (cards/keywords/awaken.ts). The preset target is the land: the chain's last PutCounter.
    const i = face.abilities.findIndex((n) => n.origin === `keyword:${ability.keyword}`);
    if (i < 0) bad(`it has no ${ability.keyword} spell`);
    const spell = resolveNode(g.registry, nodeKey(host.card, 0, 'a', i));
    const chain = chainOf(g, spell, null);
    const at = chain.map((r) => r.node.head).lastIndexOf('PutCounter');
    if (at < 0) bad(`its ${ability.keyword} spell has no awaken part`);
    return ability.only ? { ref: chain[at]!, targetAt: 0 } : { ref: spell, targetAt: at };
  }
  const keys: Array<string | null> = face.abilities.map((_, i) => nodeKey(host.card, 0, 'a', i));
  if (!face.abilities.some((n) => n.record === 'SP')) keys.unshift(null);
  const i = ability ?? 0;
  if (!Number.isInteger(i) || i < 0 || i >= keys.length) bad(`it has no spell or ability ${i}`);
  const key = keys[i]!;
  if (key === null && !isPermanentChars(chars(g, host))) bad('it has no spell ability');
  return { ref: key === null ? null : resolveNode(g.registry, key), targetAt: 0 };
}

/**
 * Puts the precast host cards on the table's out-of-the-game pile, which `createZones` lays out
 * empty: like token slots, they come from a pile of their own, since a table pile takes no new card.
 */
export function placeHosts(g: G, ids: readonly number[]): void {
  if (ids.length === 0) return;
  const tids = ids.map((id) => g.s.objects[id]!.tid);
  g.table.addPile({ id: 'setup-hosts', name: 'precast cards', kind: 'spread', visibleTo: 'no-one', cards: tids });
  for (const tid of tids) g.table.move(tid, 'setup-hosts', 'void', 'bottom');
}

/**
 * The "as it enters" abilities that move a card, of the set-up's permanents (`BoardSetup.enterMoves`),
 * as precasts hosted by their permanents, seat 0's first, each seat's in battlefield order.
 */
export function enterMovePrecasts(g: G, setup: BoardSetup, fields: GameObject[][]): Precast[] {
  if (setup.enterMoves !== true) return [];
  const out: Precast[] = [];
  for (const seat of [0, 1] as Seat[]) {
    for (const o of fields[seat] ?? []) {
      if (o.token || o.faceDown || o.remembered.length > 0) continue;
      for (const ref of etbKeywordAbilities(g, o)) if (ref.node.head === 'ChangeZone') out.push({ seat, host: o, ref, target: null, targetAt: 0 });
    }
  }
  return out;
}

/** The set-up's precasts, ready to run once the table and the battlefield are there. */
export function preparePrecasts(
  g: G,
  setup: BoardSetup,
  cards: Array<GameObject | null>,
  initial: Record<string, number[]>,
  fields: GameObject[][],
): Precast[] {
  return (setup.precast ?? []).map((p, i) => {
    const permanent = (at: { seat: Seat; index: number }): GameObject => {
      const o = fields[at.seat]?.[at.index];
      if (!o) throw new StoryletError('mtg/bad-config', `setup: precast: no permanent ${at.index} on seat ${at.seat}'s battlefield`, { at });
      return o;
    };
    const host = p.host ? permanent(p.host) : cards[i]!;
    const card = p.target && !('player' in p.target) ? ('zone' in p.target ? setupCardObject(g, initial, fields, p.target) : permanent(p.target)) : null;
    const target: Ref | null = !p.target ? null : 'player' in p.target ? { player: p.target.player } : { card: card!.id, inc: card!.inc };
    const { ref, targetAt } = precastNode(g, host, p.ability);
    if (ref?.node.head === 'Attach' && isPermanentChars(chars(g, host)) && !(target && 'card' in target)) {
      // A Curse's caster means it for an opponent: with no target written, that is whom it enchants.
      const player = target && 'player' in target ? target.player : opponent(p.seat);
      if (!auraOnPlayerLegal(g, host, player)) {
        throw new StoryletError(
          'mtg/bad-config',
          `setup: precast Aura ${host.card} cannot enchant ${target ? `player ${player}` : 'a player'}; give it a permanent to enchant as its target`,
          { card: host.card },
        );
      }
      return { seat: p.seat, host, ref, target: { player }, targetAt };
    }
    return { seat: p.seat, host, ref, target, targetAt };
  });
}

/** The combat steps a set-up attacker (from) and blocker (from) may be in: from its declaration to the end of combat (CR 506.4). */
const ATTACK_STEPS: readonly Step[] = ['declareAttackers', 'declareBlockers', 'combatDamage', 'endCombat'];
const BLOCK_STEPS: readonly Step[] = ['declareBlockers', 'combatDamage', 'endCombat'];

/**
 * The set-up's combat in progress: its attackers (the active player's, CR 508.1) and blockers
 * (the defending player's, CR 509.1), declared already, as the engine's combat state keeps them.
 * Blockers of one attacker are in damage assignment order as listed (CR 510.1c). Like the rest
 * of the set-up, nothing triggers: the declarations happened before the game starts. Tapping is
 * the set-up's (`tapped`), not the declaration's.
 */
export function setupCombat(g: G, setup: BoardSetup, fields: GameObject[][]): void {
  const step: Step = setup.step ?? 'main1';
  const active = setup.active ?? 0;
  const defender = opponent(active);
  const bad = (why: string, details: Record<string, unknown>): never => {
    throw new StoryletError('mtg/bad-config', `setup: ${why}`, details);
  };
  const attackers: CombatState['attackers'] = [];
  const blocks: CombatState['blocks'] = [];
  for (const seat of [0, 1] as Seat[]) {
    (setup.players[seat]?.battlefield ?? []).forEach((entry, index) => {
      if (typeof entry === 'string') return;
      const o = fields[seat]![index]!;
      const at = { seat, index, name: entry.name };
      if (entry.attacking !== undefined) {
        if (seat !== active) bad(`${entry.name} attacks but is not the active player's`, at);
        if (!ATTACK_STEPS.includes(step)) bad(`${entry.name} attacks at set-up in the ${step} step (only from declare attackers to end of combat)`, at);
        let planeswalker: number | null = null;
        if (entry.attacking !== true) {
          const pw = fields[defender]![entry.attacking.planeswalker];
          if (!pw || !chars(g, pw).cardTypes.includes('Planeswalker')) bad(`${entry.name} attacks a permanent that is not a planeswalker`, at);
          planeswalker = pw!.id;
        }
        attackers.push({ id: o.id, defender, planeswalker });
      }
      if (entry.blocking !== undefined) {
        if (seat !== defender) bad(`${entry.name} blocks but is not the defending player's`, at);
        if (!BLOCK_STEPS.includes(step)) bad(`${entry.name} blocks at set-up in the ${step} step (only from declare blockers to end of combat)`, at);
        const attacker = fields[active]![entry.blocking];
        if (!attacker) bad(`${entry.name} blocks a permanent that is not there`, at);
        blocks.push({ blocker: o.id, attacker: attacker!.id });
      }
    });
  }
  if (attackers.length === 0) {
    if (blocks.length > 0) bad('blockers at set-up with no attacker', {});
    return;
  }
  for (const b of blocks) {
    if (!attackers.some((a) => a.id === b.attacker)) bad(`${g.s.objects[b.blocker]!.card} blocks a creature that is not attacking`, { blocker: b.blocker });
  }
  const order: Record<string, number[]> = {};
  for (const a of attackers) order[a.id] = blocks.filter((b) => b.attacker === a.id).map((b) => b.blocker);
  g.s.combat = { attackers, blocks, blocked: attackers.filter((a) => order[a.id]!.length > 0).map((a) => a.id), order, firstStrike: false, dealtFirst: [] };
  g.s.turnFacts.attackersDeclared = attackers.length;
  g.s.turnFacts.attacked = attackers.map((a) => a.id);
  if (blocks.length > 0) g.s.turnFacts.blocked = blocks.map((b) => b.blocker);
}

/**
 * Resolves the set-up's precasts in order, as their players would have cast or activated them,
 * without paying and without priority (Forge's puzzle `precast` / `ExecuteScript`): the ability
 * goes on the stack with its preset target (other targets are chosen by its player) and resolves
 * at once; a permanent card's spell puts it onto the battlefield (CR 608.3), an Aura attached to
 * its target (CR 303.4f).
 */
export function* runPrecasts(g: G, precasts: readonly Precast[]): Gen<void> {
  for (const p of precasts) {
    const aura = p.ref?.node.head === 'Attach' && isPermanentChars(chars(g, p.host));
    if (p.ref === null || aura) {
      const target = aura && p.target && 'card' in p.target ? g.s.objects[p.target.card] : undefined;
      const [entered] = yield* changeZone(g, [p.host], 'battlefield', { controller: p.seat, attachedByCaller: aura });
      if (entered && target) attach(g, entered, target);
      else if (entered && aura && p.target && 'player' in p.target) attachToPlayer(g, entered, p.target.player);
      continue;
    }
    // Targets are chosen as for a cast (CR 601.2c), the preset one where it belongs (the ability
    // itself, or the awaken part of an awakened spell); then it
    // resolves from the stack as any ability does (CR 608.2), before anyone gets priority.
    const item = emptyItem(g, p.host, p.seat, p.ref.key, 'ability');
    item.text = chars(g, p.host).name;
    const chain = chainOf(g, p.ref, null);
    for (let pos = 0; pos < chain.length; pos++) {
      if (pos === p.targetAt && p.target) {
        item.targets[pos] = [p.target];
        continue;
      }
      const run: Run = { g, you: p.seat, host: p.host.id, ref: chain[pos]!, item, pos, chain };
      const spec = targetSpec(run, chain[pos]!);
      if (spec) yield* chooseTargets(g, run, spec, item, pos);
    }
    g.s.stack.push(item);
    yield* resolveTop(g);
  }
}

/**
 * Turns the set-up's face-down permanents face down (CR 708) once the table exists: the other seat
 * is no longer shown the card, as when a permanent turns face down in play (zones.ts).
 */
export function faceDownPlaced(g: G, placed: readonly Placed[]): void {
  for (const { seat, entry, o } of placed) {
    if (typeof entry === 'string' || !entry.faceDown || !o) continue;
    const card = cardNamed(g.registry, o.card);
    if (o.token || !card || o.face !== 0) {
      throw new StoryletError('mtg/bad-config', `setup: ${entry.name} cannot be face down (a token or a transformed card); remove \`faceDown\``, {
        card: entry.name,
      });
    }
    o.faceDown = true;
    if (entry.faceDown === 'manifested') o.manifested = true;
    const other = opponent(seat);
    g.table.hide(o.tid, [SEAT_NAMES[other]]);
    o.known[other] = false;
    touch(g);
  }
}

/**
 * The object of a set-up card in any zone: the battlefield by its seat's list, another zone by its
 * pile as laid out, where a pile both seats share (exile, the command zone) holds seat 0's list and
 * then seat 1's, so a card's place there is its place among the cards its seat put there.
 */
function setupCardObject(g: G, initial: Record<string, number[]>, fields: GameObject[][], c: SetupCard): GameObject {
  const pile = c.zone === 'battlefield' ? [] : (initial[pileId(c.zone, c.seat)] ?? []);
  const list = pileId(c.zone, c.seat) === c.zone ? pile.filter((id) => g.s.objects[id]?.owner === c.seat) : pile;
  const id = list[c.index];
  const o = c.zone === 'battlefield' ? fields[c.seat]?.[c.index] : id === undefined ? undefined : maybeObj(g, id);
  if (!o) throw new StoryletError('mtg/bad-config', `setup: no card ${c.index} in seat ${c.seat}'s ${c.zone}`, { at: c });
  return o;
}

/** The zones a set-up card off the battlefield may hold counters in: the public ones (CR 122.1a, 400.2). */
const COUNTER_ZONES: ReadonlySet<Zone> = new Set<Zone>(['graveyard', 'exile', 'command']);

/**
 * Puts the set-up's counters on cards off the battlefield (`BoardSetup.cardCounters`: Karn, Scion
 * of Urza's silver counters on exiled cards, CR 122.1a). They were put before the game began, so
 * nothing triggers and no replacement applies, as with a set-up permanent's counters.
 */
export function countersPlaced(g: G, setup: BoardSetup, initial: Record<string, number[]>, fields: GameObject[][]): void {
  for (const { card, counters } of setup.cardCounters ?? []) {
    const o = setupCardObject(g, initial, fields, card);
    if (!COUNTER_ZONES.has(o.zone)) {
      const why = `setup: counters on ${o.card} in a ${o.zone}; a card off the battlefield holds counters in a graveyard, exile or the command zone`;
      throw new StoryletError('mtg/bad-config', why, { at: card });
    }
    for (const [kind, n] of Object.entries(counters)) if (n > 0) o.counters[kind] = (o.counters[kind] ?? 0) + n;
  }
}

/**
 * Makes the set-up's links (`BoardSetup.links`): what a permanent remembers or imprints, and which
 * exiled card it exiled, so its leaves-the-battlefield ability finds them (CR 610.3).
 */
export function linkPlaced(g: G, setup: BoardSetup, initial: Record<string, number[]>, fields: GameObject[][]): void {
  const at = (c: SetupCard): GameObject => setupCardObject(g, initial, fields, c);
  for (const link of setup.links ?? []) {
    const host = at(link.host);
    const card = at(link.card);
    if (link.kind === 'exiledWith') {
      if (card.zone !== 'exile')
        throw new StoryletError('mtg/bad-config', `setup: ${card.card} is linked as exiled with ${host.card} but is not in exile`, { at: link.card });
      card.exiledWith = host.id;
    } else {
      (link.kind === 'remembers' ? host.remembered : host.imprinted).push({ card: card.id, inc: card.inc });
    }
  }
}

/**
 * The set-up permanents by seat, in their battlefield order, with Auras and Equipment attached to
 * the permanents their entries name (CR 303.4, 301.5).
 */
export function attachPlaced(placed: readonly Placed[]): GameObject[][] {
  // One list per seat, typed as a pair so `fields[seat]` is known to exist for both seats.
  const fields: [GameObject[], GameObject[]] = [[], []];
  for (const { seat, o } of placed) fields[seat].push(o!);
  for (const { seat, entry, o } of placed) {
    if (typeof entry === 'string') continue;
    if (entry.attachedTo !== undefined) o!.attachedTo = fields[seat][entry.attachedTo]!.id;
    if (entry.attachedToOpponent !== undefined) o!.attachedTo = fields[opponent(seat)][entry.attachedToOpponent]!.id;
    if (entry.attachedToPlayer !== undefined) o!.attachedToPlayer = entry.attachedToPlayer;
  }
  return fields;
}
