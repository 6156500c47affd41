/**
 * Combat (CR 506–511): declaring attackers and blockers one at a time through choice points,
 * the damage assignment order, first and double strike, trample, deathtouch, and the evasion and
 * restriction keywords (flying/reach, landwalk, fear, intimidate, shadow, menace, defender,
 * "can't block", unblockable, protection). Combat damage is divided by the creatures'
 * controllers (CR 510.1c–d, 702.19b): a `damage-assignment` point per creature whose division is
 * a real choice, option 0 the automatic division (lethal damage to each blocker in order, the rest
 * to the last one or, with trample, to the player).
 */
import type { Seat } from './choice.js';
import { ask, askYesNo, cardRef, type Gen, type Opt } from './ask.js';
import { keywordOf, param } from './cards.js';
import { invariant, opponent, touch, touchQuiet, type G, type Run } from './context.js';
import { chars, hasKeyword, keywordArgs } from './layers.js';
import { isSick } from './costs.js';
import { activeStatics } from './statics.js';
import { matchesCard, seen } from './select.js';
import { protectedFrom } from './replacement.js';
import { damageDoneOnce, dealDamage, exertObject, lkiOf, tapObject } from './actions.js';
import { raise } from './triggers.js';
import { attackerDivider, blockBands, blockerDivider, declareBands } from './banding.js';
import { attackCharges, blockCharges, canPayCharges, chargeLabel, payCharges, type Charge } from './combat-costs.js';
import type { CombatState, GameObject, Lki, Ref } from './types.js';
import { registerPrimitive } from '../cards/index.js';
import { blockerLimit, globalRule } from './global-rules.js';

for (const kw of [
  'Flying',
  'Reach',
  'Trample',
  'First Strike',
  'Double Strike',
  'Deathtouch',
  'Lifelink',
  'Vigilance',
  'Haste',
  'Menace',
  'Defender',
  'Unblockable',
  'Landwalk',
  'Fear',
  'Intimidate',
  'Shadow',
  'Horsemanship',
  'Protection',
  'Wither',
  'Infect',
  'Indestructible',
  'Shroud',
  'Hexproof',
  'Flash',
  "CARDNAME can't block.",
  "CARDNAME can't attack.",
  "CARDNAME can't attack or block.",
  "CARDNAME can't attack alone.",
  "CARDNAME can't attack or block alone.",
  'CARDNAME attacks each combat if able.',
  'CARDNAME can block only creatures with flying.',
  'CARDNAME can block an additional creature each combat.',
  'CARDNAME can block any number of creatures.',
  "CARDNAME can attack as though it didn't have defender.",
  'CARDNAME assigns no combat damage',
  'Prevent all combat damage that would be dealt to and dealt by CARDNAME.',
  'Prevent all combat damage that would be dealt by CARDNAME.',
  'Prevent all combat damage that would be dealt to CARDNAME.',
  'Prevent all damage that would be dealt to CARDNAME.',
  'Prevent all damage that would be dealt by CARDNAME.',
  "CARDNAME can't be regenerated.",
  "CARDNAME's activated abilities can't be activated.",
]) {
  registerPrimitive(`kw:${kw}`);
}
// Forge writes "can't block X" / "can't be blocked by X" as keywords with the restriction in the
// name; these are the forms in the corpus the selector reader understands.
for (const sel of [
  'Creature.powerGE2',
  'Creature.powerLE2',
  'Creature.powerGE3',
  'Creature.White+powerGE2',
  'Creature.Human',
  'Creature.Black',
  'Artifact.Creature',
])
  registerPrimitive(`kw:CantBlock ${sel}`);
for (const sel of [
  'Creature.powerLE2',
  'Creature.Wall',
  'Artifact.Creature',
  'Creature.Blue',
  'Creature.withoutFlying+withoutReach',
  'Creature.withoutFlying',
  'Creature.withFlying',
  'Creature.White',
  'Creature.Red',
  'Creature.withHorsemanship',
  'Creature.powerGE3',
  'Creature.powerGE2',
  'Creature.nonWall',
  'Creature.nonBlack',
  'Creature.Green',
  'Creature.Black',
  'Saproling',
  'Creature.withoutFlying+nonWall',
  'Creature.withoutDefender',
  'Creature.token',
  'Creature.powerLE1',
  'Creature.powerGE4',
  'Creature.nonRogue',
  'Creature.nonBlue',
  'Creature.nonArtifact+nonWhite',
  'Creature.nonArtifact+nonRed',
  'Creature.Human',
  'Creature.Eldrazi+Scion',
  'Creature.Dinosaur',
  'Creature.Black,Creature.Red',
])
  registerPrimitive(`kw:CantBeBlockedBy ${sel}`);
registerPrimitive('stat:CantAttack', { reads: ['ValidCard', 'UnlessDefenderControls', 'IfDefenderControls'] });
registerPrimitive('stat:CantBlockBy', { reads: ['ValidAttacker', 'ValidBlocker'] });
registerPrimitive('stat:CantBlock', { reads: ['ValidCard'] });

const LESSER_POWER_CANT_BLOCK = "Creatures with power less than CARDNAME's power can't block it.";
registerPrimitive(`kw:${LESSER_POWER_CANT_BLOCK}`);
const AS_THOUGH_UNBLOCKED = "You may have CARDNAME assign its combat damage as though it weren't blocked.";
registerPrimitive(`kw:${AS_THOUGH_UNBLOCKED}`);

function kw(g: G, o: GameObject, text: string): boolean {
  return chars(g, o).keywords.includes(text);
}

/**
 * "CARDNAME can't attack alone." / "... can't attack or block alone." (Bonded Construct, Mogg
 * Flunkies): a restriction (CR 508.1c) on the whole declaration: a creature attacks alone when it is
 * the only creature declared as an attacker (CR 506.5).
 */
function cantAttackAlone(g: G, o: GameObject): boolean {
  return kw(g, o, "CARDNAME can't attack alone.") || kw(g, o, "CARDNAME can't attack or block alone.");
}

/** The one attacker of a declaration that breaks "can't attack alone" (CR 506.5, 508.1c), if any. */
function loneAttacker(g: G, combat: CombatState): GameObject | undefined {
  if (combat.attackers.length !== 1) return undefined;
  const o = g.s.objects[combat.attackers[0]!.id]!;
  return cantAttackAlone(g, o) ? o : undefined;
}

/** Whether a creature can attack now (CR 508.1a–c). */
export function canAttack(g: G, o: GameObject): boolean {
  const c = chars(g, o);
  if (o.zone !== 'battlefield' || !c.cardTypes.includes('Creature') || c.controller !== g.s.active) return false;
  if (o.tapped || isSick(g, o)) return false;
  if (hasKeyword(g, o, 'Defender') && !kw(g, o, "CARDNAME can attack as though it didn't have defender.")) return false;
  if (kw(g, o, "CARDNAME can't attack.") || kw(g, o, "CARDNAME can't attack or block.")) return false;
  for (const s of activeStatics(g, 'CantAttack')) {
    const vc = param(s.ref, 'ValidCard');
    if (vc !== undefined && !matchesCard(s.run, vc, seen(s.run, o))) continue;
    // "CARDNAME can't attack unless defending player controls an Island" (Sea Serpent): the
    // restriction is lifted while the player it would attack controls such a permanent.
    const unless = param(s.ref, 'UnlessDefenderControls');
    if (unless !== undefined && controlsMatching(s.run, unless, opponent(c.controller))) continue;
    // "CARDNAME can't attack if defending player controls an untapped creature with power 3 or
    // greater" (Orgg): the restriction holds only while that player controls one.
    const only = param(s.ref, 'IfDefenderControls');
    if (only !== undefined && !controlsMatching(s.run, only, opponent(c.controller))) continue;
    return false;
  }
  return true;
}

function controlsMatching(run: Run, selector: string, seat: Seat): boolean {
  for (const id of run.g.s.zones['battlefield']!) {
    const p = run.g.s.objects[id]!;
    if (chars(run.g, p).controller === seat && matchesCard(run, selector, seen(run, p))) return true;
  }
  return false;
}

function landwalkBlocked(g: G, attacker: GameObject, defender: Seat): boolean {
  for (const args of keywordArgs(g, attacker, 'Landwalk')) {
    const type = args[0] ?? '';
    for (const id of g.s.zones['battlefield']!) {
      const land = g.s.objects[id]!;
      const lc = chars(g, land);
      if (lc.controller !== defender || !lc.cardTypes.includes('Land')) continue;
      if (type === 'Nonbasic' ? !lc.supertypes.includes('Basic') : type === 'Legendary' ? lc.supertypes.includes('Legendary') : lc.subtypes.includes(type))
        return true;
    }
  }
  return false;
}

/**
 * Whether `blocker` can block `attacker` (CR 509.1a–b and the evasion keywords).
 *
 * @example
 * ```ts
 * canBlock(g, wallOfStone, serraAngel); // false: it has flying
 * ```
 */
export function canBlock(g: G, blocker: GameObject, attacker: GameObject): boolean {
  const bc = chars(g, blocker);
  const ac = chars(g, attacker);
  if (blocker.zone !== 'battlefield' || !bc.cardTypes.includes('Creature') || blocker.tapped) return false;
  if (kw(g, blocker, "CARDNAME can't block.") || kw(g, blocker, "CARDNAME can't attack or block.")) return false;
  if (hasKeyword(g, attacker, 'Unblockable')) return false;
  if (hasKeyword(g, attacker, 'Flying') && !hasKeyword(g, blocker, 'Flying') && !hasKeyword(g, blocker, 'Reach')) return false;
  if (kw(g, blocker, 'CARDNAME can block only creatures with flying.') && !hasKeyword(g, attacker, 'Flying')) return false;
  if (hasKeyword(g, attacker, 'Fear') && !bc.cardTypes.includes('Artifact') && !bc.colours.includes('B')) return false;
  if (hasKeyword(g, attacker, 'Intimidate') && !bc.cardTypes.includes('Artifact') && !bc.colours.some((x) => ac.colours.includes(x))) return false;
  if (hasKeyword(g, attacker, 'Shadow') !== hasKeyword(g, blocker, 'Shadow')) return false;
  if (hasKeyword(g, attacker, 'Horsemanship') && !hasKeyword(g, blocker, 'Horsemanship')) return false;
  // Skulk (CR 702.118b): can't be blocked by creatures with greater power.
  if (hasKeyword(g, attacker, 'Skulk') && (bc.power ?? 0) > (ac.power ?? 0)) return false;
  // "Creatures with power less than CARDNAME's power can't block it." (Aura Gnarlid, Den
  // Protector, Skarrgan Pit-Skulk): a blocking restriction (CR 509.1b), so the powers are compared
  // only as blockers are declared; a block made stands if the powers change afterwards.
  if ((bc.power ?? 0) < (ac.power ?? 0) && kw(g, attacker, LESSER_POWER_CANT_BLOCK)) return false;
  if (landwalkBlocked(g, attacker, bc.controller)) return false;
  // Protection: can't be blocked by creatures with the quality (CR 702.16f).
  if (protectedFrom(g, attacker, seen({ g, you: bc.controller, host: blocker.id }, blocker))) return false;
  const run: Run = { g, you: ac.controller, host: attacker.id };
  for (const k of ac.keywords) {
    const kk = keywordOf(k);
    if (kk.name.startsWith('CantBeBlockedBy ') && matchesCard(run, kk.name.slice(16), seen(run, blocker))) return false;
  }
  const brun: Run = { g, you: bc.controller, host: blocker.id };
  for (const k of bc.keywords) {
    const kk = keywordOf(k);
    if (kk.name.startsWith('CantBlock ') && matchesCard(brun, kk.name.slice(10), seen(brun, attacker))) return false;
  }
  for (const s of activeStatics(g, 'CantBlockBy')) {
    const va = param(s.ref, 'ValidAttacker');
    const vb = param(s.ref, 'ValidBlocker');
    if ((va === undefined || matchesCard(s.run, va, seen(s.run, attacker))) && (vb === undefined || matchesCard(s.run, vb, seen(s.run, blocker)))) return false;
  }
  for (const s of activeStatics(g, 'CantBlock')) {
    const vc = param(s.ref, 'ValidCard');
    if (vc === undefined || matchesCard(s.run, vc, seen(s.run, blocker))) return false;
  }
  return true;
}

function bc(g: G, o: GameObject): Seat {
  return chars(g, o).controller;
}

function nameOf(g: G, o: GameObject): string {
  return chars(g, o).name;
}

/**
 * Declare attackers (CR 508.1): the active player picks attackers one at a time.
 *
 * @example
 * ```ts
 * yield* declareAttackers(g); // g.s.combat.attackers holds the attackers
 * ```
 */
export function* declareAttackers(g: G): Gen<void> {
  const seat = g.s.active;
  const defender = opponent(seat);
  const combat: CombatState = { attackers: [], blocks: [], blocked: [], order: {}, firstStrike: false, dealtFirst: [] };
  g.s.combat = combat;
  const planeswalkers = g.s.zones['battlefield']!.map((id) => g.s.objects[id]!).filter((o) => {
    const c = chars(g, o);
    return c.controller === defender && c.cardTypes.includes('Planeswalker');
  });
  // Costs to attack (CR 508.1h): what the attackers declared so far cost together, and the
  // creatures that will be tapped before it is paid (508.1f).
  const charged: Charge[] = [];
  const willTap = new Set<number>();
  // Silent Arbiter's rule change: one attacker at most (a restriction, CR 508.1c).
  const oneAttacker = globalRule(g, 'onlyOneAttackerACombat');
  let refused = '';
  for (;;) {
    yield* chooseAttackers(g, seat, combat, planeswalkers, charged, willTap, oneAttacker, refused);
    // Requirements (CR 508.1d): creatures that attack each combat if able do so.
    const forced = forcedAttackers(g, combat, oneAttacker);
    // "Can't attack alone" (CR 506.5, 508.1c): a requirement is not obeyed at the cost of breaking
    // it; a lone attacker the player chose makes the declaration illegal, and the game returns to
    // the moment before it (CR 508.1, 732): the player declares again, told why.
    const lone = loneAttacker(g, combat);
    if (!lone) break;
    if (forced.includes(lone.id)) {
      combat.attackers = [];
      break;
    }
    refused = ` (the last declaration was illegal: ${nameOf(g, lone)} can't attack alone)`;
    combat.attackers = [];
    charged.length = 0;
    willTap.clear();
    touchQuiet(g);
  }
  // Bands (CR 508.1e, 702.22c).
  yield* declareBands(g, seat, combat);
  // Tapping attackers (CR 508.1f) unless they have vigilance (CR 702.20b).
  for (const a of combat.attackers) {
    const o = g.s.objects[a.id]!;
    if (!hasKeyword(g, o, 'Vigilance')) tapObject(g, o);
  }
  // The total cost to attack, locked in, is paid (CR 508.1h–j); each option above kept it payable.
  if (charged.length > 0 && !(yield* payCharges(g, seat, charged))) invariant(g, `p${seat + 1} declared attackers whose cost to attack could not be paid`);
  yield* exertAttackers(g, seat, combat);
  g.s.turnFacts.attackersDeclared = combat.attackers.length;
  g.s.turnFacts.attacked = [...(g.s.turnFacts.attacked ?? []), ...combat.attackers.map((a) => a.id)];
  touchQuiet(g);
  for (const a of combat.attackers) {
    const o = g.s.objects[a.id]!;
    g.events.push({ type: 'AttackerDeclared', card: o.id, name: nameOf(g, o), defender });
    raise(g, { mode: 'Attacks', attacker: lkiOf(g, o), card: lkiOf(g, o), defender });
  }
  if (combat.attackers.length > 0) {
    const attackedPlayers = combat.attackers.some((a) => a.planeswalker === null) ? [defender] : [];
    raise(g, { mode: 'AttackersDeclared', player: seat, attackedPlayers });
  }
}

/**
 * The active player's picks of attackers, one at a time, each offered only while the declaration
 * stays payable; `charged` and `willTap` gather what the picks cost and tap.
 */
function* chooseAttackers(
  g: G,
  seat: Seat,
  combat: CombatState,
  planeswalkers: readonly GameObject[],
  charged: Charge[],
  willTap: Set<number>,
  oneAttacker: boolean,
  refused: string,
): Gen<void> {
  const defender = opponent(seat);
  for (;;) {
    if (oneAttacker && combat.attackers.length >= 1) break;
    const pool = g.s.zones['battlefield']!.map((id) => g.s.objects[id]!).filter((o) => canAttack(g, o) && !combat.attackers.some((a) => a.id === o.id));
    if (pool.length === 0) break;
    const opts: Opt[] = [{ label: 'done declaring attackers', action: { verb: 'done' } }];
    const picks: Array<{ o: GameObject; pw: GameObject | null; charges: Charge[] }> = [];
    for (const o of pool) {
      // A creature that can't attack alone is offered only while another creature attacks or
      // still may (CR 506.5): with nobody beside it, no legal declaration holds it.
      // Declaring again after a lone one, it is offered only once another creature attacks: a
      // controller that chose it alone would otherwise choose the same for ever.
      if (cantAttackAlone(g, o) && (oneAttacker || (combat.attackers.length === 0 && (pool.length === 1 || refused !== '')))) continue;
      const taps = hasKeyword(g, o, 'Vigilance') ? willTap : new Set([...willTap, o.id]);
      for (const pw of [null, ...planeswalkers]) {
        const charges = attackCharges(g, o, defender, pw);
        // Offered only while the declaration stays payable (CR 508.1j: no partial payments).
        if (charges.length > 0 && !canPayCharges(g, seat, [...charged, ...charges], taps)) continue;
        const label = pw ? `attack ${nameOf(g, pw)} with ${nameOf(g, o)}` : `attack with ${nameOf(g, o)}`;
        const action: Opt['action'] = pw
          ? { verb: 'attack', card: cardRef(o.id, nameOf(g, o)) }
          : { verb: 'attack', card: cardRef(o.id, nameOf(g, o)), defender: { seat: defender } };
        opts.push({ label: `${label}${chargeLabel(charges)}`, action });
        picks.push({ o, pw, charges });
      }
    }
    if (picks.length === 0) break;
    const k = yield* ask(g, seat, 'attackers', `Turn ${g.s.turn}: declare attackers${refused}`, opts);
    if (k === 0) break;
    const pick = picks[k - 1]!;
    combat.attackers.push({ id: pick.o.id, defender, planeswalker: pick.pw?.id ?? null });
    charged.push(...pick.charges);
    if (!hasKeyword(g, pick.o, 'Vigilance')) willTap.add(pick.o.id);
    // Attacking is read by volatile statics (Neck Breaker's "attacking creatures you control get
    // +1/+0"), and the next attacker is asked before the declaration ends.
    touchQuiet(g);
  }
}

/**
 * Requirements (CR 508.1d): creatures that attack each combat if able and were not declared are
 * added; returns their ids. Not when attacking costs something: the player need not pay for a
 * requirement.
 */
function forcedAttackers(g: G, combat: CombatState, oneAttacker: boolean): number[] {
  const defender = opponent(g.s.active);
  const added: number[] = [];
  for (const id of g.s.zones['battlefield']!) {
    const o = g.s.objects[id]!;
    if (
      kw(g, o, 'CARDNAME attacks each combat if able.') &&
      !(oneAttacker && combat.attackers.length >= 1) &&
      canAttack(g, o) &&
      !combat.attackers.some((a) => a.id === o.id) &&
      attackCharges(g, o, defender, null).length === 0
    ) {
      combat.attackers.push({ id: o.id, defender, planeswalker: null });
      added.push(o.id);
    }
  }
  return added;
}

const EXERT = 'You may exert CARDNAME as it attacks.';
registerPrimitive(`kw:${EXERT}`);

/**
 * Exert (CR 701.43): "You may exert this creature as it attacks": its controller chooses, as
 * attackers are declared, to exert it (`exertObject`: it won't untap during their next untap
 * step, 701.43a), which fires its `Exerted` triggers.
 */
function* exertAttackers(g: G, seat: Seat, combat: CombatState): Gen<void> {
  for (const a of combat.attackers) {
    const o = g.s.objects[a.id]!;
    if (!kw(g, o, EXERT)) continue;
    if (!(yield* askYesNo(g, seat, `Exert ${nameOf(g, o)}? (it won't untap during your next untap step)`))) continue;
    exertObject(g, o, seat);
  }
}

function canBlockMore(g: G, blocker: GameObject, combat: CombatState): boolean {
  const n = combat.blocks.filter((b) => b.blocker === blocker.id).length;
  if (n === 0) return true;
  if (kw(g, blocker, 'CARDNAME can block any number of creatures.')) return true;
  if (kw(g, blocker, 'CARDNAME can block an additional creature each combat.')) return n < 2;
  return false;
}

/**
 * "CARDNAME can't be blocked by more than one creature." (`CantBeBlockedByAmount GT1`, a
 * restriction of CR 509.1b): once one creature blocks it, no other may.
 */
function blockedByMost(g: G, attacker: GameObject, combat: CombatState): boolean {
  return kw(g, attacker, 'CantBeBlockedByAmount GT1') && combat.blocks.some((x) => x.attacker === attacker.id);
}
registerPrimitive('kw:CantBeBlockedByAmount GT1');
registerPrimitive('kw:Skulk');

/** What the blocks declared so far cost together (CR 509.1d), in declaration order. */
function blocksCharges(g: G, combat: CombatState): Charge[] {
  const out: Charge[] = [];
  const seenBlockers = new Set<number>();
  for (const x of combat.blocks) {
    out.push(...blockCharges(g, g.s.objects[x.blocker]!, g.s.objects[x.attacker]!, !seenBlockers.has(x.blocker)));
    seenBlockers.add(x.blocker);
  }
  return out;
}

/** Whether `b` blocking `a` costs nothing: a block that costs something is never required (CR 509.1c). */
function freeBlock(g: G, b: GameObject, a: GameObject, combat: CombatState): boolean {
  if (!blockerRoom(g, b, combat, 1)) return false;
  return blockCharges(g, b, a, !combat.blocks.some((x) => x.blocker === b.id)).length === 0;
}

/**
 * Whether `more` creatures besides those already blocking may still block, `b` among them, under
 * a rule change that limits how many creatures block in all (Silent Arbiter: "no more than one
 * creature can block each combat", a restriction on the declaration, CR 509.1b). A creature
 * already blocking takes no more room by blocking another attacker.
 */
function blockerRoom(g: G, b: GameObject, combat: CombatState, more: number): boolean {
  const limit = blockerLimit(g);
  if (limit === Infinity || combat.blocks.some((x) => x.blocker === b.id)) return true;
  return new Set(combat.blocks.map((x) => x.blocker)).size + more <= limit;
}

/** The power a creature assigns combat damage by: its toughness under Doran's rule change (CR 510.1a). */
function damagePower(g: G, o: GameObject): number {
  const c = chars(g, o);
  return (globalRule(g, 'toughnessAssignsDamage') ? c.toughness : c.power) ?? 0;
}

const MUST_BLOCK = 'CARDNAME blocks each combat if able.';
const LURE = 'All creatures able to block CARDNAME do so.';
const MUST_BE_BLOCKED = 'CARDNAME must be blocked if able.';
registerPrimitive(`kw:${MUST_BLOCK}`);
registerPrimitive(`kw:${LURE}`);
registerPrimitive(`kw:${MUST_BE_BLOCKED}`);

/**
 * Blocking requirements (CR 509.1c), obeyed after the defending player's own blocks: each
 * creature able to block an attacker with "all creatures able to block it do so" blocks one
 * (giving up the block it had chosen when it can block only one creature); an unblocking creature
 * that "blocks each combat if able" blocks an attacker it can; an unblocked attacker that "must be
 * blocked if able" is blocked by a creature still free to block it. Where there is a choice the
 * defending player makes it. A block menace forbids (a lone blocker, CR 702.111b) is never
 * required. Simplified: the requirements are met one kind after the other, not by a search for
 * the declaration that obeys the most of them.
 */
function* blockRequirements(g: G, seat: Seat, attackers: readonly GameObject[], combat: CombatState): Gen<void> {
  const mine = g.s.zones['battlefield']!.map((id) => g.s.objects[id]!).filter((o) => chars(g, o).controller === seat);
  const blocking = (b: GameObject) => combat.blocks.some((x) => x.blocker === b.id);
  const blockersOf = (a: GameObject) => combat.blocks.filter((x) => x.attacker === a.id).length;
  // Menace allows the block when the attacker will have two blockers or more.
  const menaceOk = (a: GameObject, more: number) => !hasKeyword(g, a, 'Menace') || blockersOf(a) + more >= 2;
  const choose = function* (pairs: Array<[GameObject, GameObject]>, why: string): Gen<[GameObject, GameObject]> {
    if (pairs.length === 1) return pairs[0]!;
    const opts: Opt[] = pairs.map(([b, a]) => ({
      label: `${nameOf(g, b)} blocks ${nameOf(g, a)}`,
      action: { verb: 'block', card: cardRef(b.id, nameOf(g, b)), attacker: cardRef(a.id, nameOf(g, a)) },
    }));
    return pairs[yield* ask(g, seat, 'blockers', why, opts)]!;
  };
  const lures = attackers.filter((a) => kw(g, a, LURE));
  const blocksLure = (b: GameObject) => combat.blocks.some((x) => x.blocker === b.id && lures.some((l) => l.id === x.attacker));
  for (const b of mine) {
    if (lures.length === 0 || blocksLure(b)) continue;
    const able = lures.filter(
      (a) => canBlock(g, b, a) && freeBlock(g, b, a, combat) && !blockedByMost(g, a, combat) && menaceOk(a, mine.filter((m) => canBlock(g, m, a)).length),
    );
    if (able.length === 0) continue;
    const [, a] = yield* choose(
      able.map((x) => [b, x]),
      `${nameOf(g, b)} must block a creature that all creatures able to block do`,
    );
    if (!canBlockMore(g, b, combat)) combat.blocks = combat.blocks.filter((x) => x.blocker !== b.id);
    combat.blocks.push({ blocker: b.id, attacker: a.id });
  }
  // "Target creature blocks CARDNAME this turn if able" (MustBlock): that creature blocks that
  // attacker if it can, giving up the block it chose when it can block only one creature.
  for (const req of g.s.turnFacts.mustBlock ?? []) {
    const b = mine.find((o) => o.id === req.blocker[0] && o.inc === req.blocker[1]);
    const a = attackers.find((o) => o.id === req.attacker[0] && o.inc === req.attacker[1]);
    if (!b || !a || combat.blocks.some((x) => x.blocker === b.id && x.attacker === a.id)) continue;
    if (!canBlock(g, b, a) || !freeBlock(g, b, a, combat) || blockedByMost(g, a, combat) || !menaceOk(a, mine.filter((m) => canBlock(g, m, a)).length))
      continue;
    if (!canBlockMore(g, b, combat)) combat.blocks = combat.blocks.filter((x) => x.blocker !== b.id);
    combat.blocks.push({ blocker: b.id, attacker: a.id });
  }
  for (const b of mine) {
    if (!kw(g, b, MUST_BLOCK) || blocking(b)) continue;
    const able = attackers.filter((a) => canBlock(g, b, a) && freeBlock(g, b, a, combat) && !blockedByMost(g, a, combat) && menaceOk(a, 1));
    if (able.length === 0) continue;
    const [, a] = yield* choose(
      able.map((x) => [b, x]),
      `${nameOf(g, b)} blocks each combat if able`,
    );
    combat.blocks.push({ blocker: b.id, attacker: a.id });
  }
  for (const a of attackers) {
    if (!kw(g, a, MUST_BE_BLOCKED) || blockersOf(a) > 0) continue;
    const able = mine.filter((b) => !blocking(b) && canBlock(g, b, a) && freeBlock(g, b, a, combat));
    if (able.length === 0 || !menaceOk(a, able.length)) continue;
    // Menace wanting two blockers where only one more may block: the requirement can't be met.
    if (!menaceOk(a, 1) && !blockerRoom(g, able[0]!, combat, 2)) continue;
    const [b] = yield* choose(
      able.map((x) => [x, a]),
      `${nameOf(g, a)} must be blocked if able`,
    );
    combat.blocks.push({ blocker: b.id, attacker: a.id });
    // Menace wants a second blocker too.
    if (!menaceOk(a, 0)) {
      const second = able.find((x) => x.id !== b.id && !blocking(x))!;
      combat.blocks.push({ blocker: second.id, attacker: a.id });
    }
  }
}

const NONE_TAPPED: ReadonlySet<number> = new Set();

/** The defending player's blocks, one at a time, until "done" (CR 509.1a). */
function* chooseBlocks(g: G, seat: Seat, attackers: readonly GameObject[], combat: CombatState, refused: string, aloneRefused = false): Gen<void> {
  for (;;) {
    // Declaring again after a creature blocked alone that can't, it is offered only once another
    // creature blocks (the same choice again would be refused again, for ever).
    const noAlone = aloneRefused && combat.blocks.length === 0;
    const opts: Opt[] = [{ label: 'done declaring blockers', action: { verb: 'done' } }];
    const picks: Array<[GameObject, GameObject]> = [];
    for (const id of g.s.zones['battlefield']!) {
      const b = g.s.objects[id]!;
      if (chars(g, b).controller !== seat || !canBlockMore(g, b, combat) || !blockerRoom(g, b, combat, 1)) continue;
      if (noAlone && kw(g, b, "CARDNAME can't attack or block alone.")) continue;
      for (const a of attackers) {
        if (combat.blocks.some((x) => x.blocker === b.id && x.attacker === a.id)) continue;
        if (!canBlock(g, b, a) || blockedByMost(g, a, combat)) continue;
        // A block that costs something is offered while the declaration stays payable (CR 509.1f).
        const charges = blockCharges(g, b, a, !combat.blocks.some((x) => x.blocker === b.id));
        if (charges.length > 0 && !canPayCharges(g, seat, [...blocksCharges(g, combat), ...charges], NONE_TAPPED)) continue;
        opts.push({
          label: `${nameOf(g, b)} blocks ${nameOf(g, a)}${chargeLabel(charges)}`,
          action: { verb: 'block', card: cardRef(b.id, nameOf(g, b)), attacker: cardRef(a.id, nameOf(g, a)) },
        });
        picks.push([b, a]);
      }
    }
    if (picks.length === 0) break;
    const k = yield* ask(g, seat, 'blockers', `Turn ${g.s.turn}: declare blockers${refused}`, opts);
    if (k === 0) break;
    const [b, a] = picks[k - 1]!;
    combat.blocks.push({ blocker: b.id, attacker: a.id });
  }
}

/**
 * Declare blockers (CR 509.1): the defending player picks blocks one at a time.
 *
 * @example
 * ```ts
 * yield* declareBlockers(g);
 * ```
 */
export function* declareBlockers(g: G): Gen<void> {
  const combat = g.s.combat;
  if (!combat) return;
  const seat = opponent(g.s.active);
  const attackers = combat.attackers.map((a) => g.s.objects[a.id]!);
  let refused = '';
  let aloneRefused = false;
  for (;;) {
    yield* chooseBlocks(g, seat, attackers, combat, refused, aloneRefused);
    const chosen = combat.blocks.length;
    yield* blockRequirements(g, seat, attackers, combat);
    // Menace (CR 702.111b): a lone blocker breaks a restriction, so the whole declaration is
    // illegal and the game returns to the moment before it (CR 509.1, 509.1b, 732): the
    // defending player declares again, told why.
    const lone = attackers.find((a) => hasKeyword(g, a, 'Menace') && combat.blocks.filter((x) => x.attacker === a.id).length === 1);
    // "Can't block alone" (Mogg Flunkies' "can't attack or block alone"): a creature blocks alone
    // when it is the only creature declared as a blocker (CR 506.5), a restriction broken the same way.
    const blockers = new Set(combat.blocks.map((x) => x.blocker));
    const alone = blockers.size === 1 ? g.s.objects[combat.blocks[0]!.blocker]! : undefined;
    const aloneIllegal = alone && kw(g, alone, "CARDNAME can't attack or block alone.") ? alone : undefined;
    if (!lone && !aloneIllegal) break;
    // A requirement is not obeyed at the cost of breaking a restriction (CR 509.1c): a lone block
    // only a requirement made (Lure) is dropped rather than declared again.
    if (!lone && chosen === 0) {
      combat.blocks = [];
      break;
    }
    refused = lone
      ? ` (the last declaration was illegal: ${nameOf(g, lone)} has menace and can't be blocked except by two or more creatures)`
      : ` (the last declaration was illegal: ${nameOf(g, aloneIllegal!)} can't block alone)`;
    if (!lone) aloneRefused = true;
    combat.blocks = [];
    touch(g);
  }
  // The total cost to block, locked in, is paid (CR 509.1d–f); each option above kept it payable.
  const charges = blocksCharges(g, combat);
  if (charges.length > 0 && !(yield* payCharges(g, seat, charges))) invariant(g, `p${seat + 1} declared blockers whose cost to block could not be paid`);
  // A band is blocked as a group (CR 702.22h).
  blockBands(combat);
  combat.blocked = attackers.filter((a) => combat.blocks.some((x) => x.attacker === a.id)).map((a) => a.id);
  g.s.turnFacts.blocked = [...(g.s.turnFacts.blocked ?? []), ...combat.blocks.map((b) => b.blocker)];
  touchQuiet(g);
  // Damage assignment order for attackers blocked by two or more creatures (CR 510.1c).
  for (const a of attackers) {
    const blockers = combat.blocks.filter((x) => x.attacker === a.id).map((x) => g.s.objects[x.blocker]!);
    if (blockers.length < 2) {
      combat.order[a.id] = blockers.map((b) => b.id);
      continue;
    }
    const order: number[] = [];
    let left = [...blockers];
    while (left.length > 1) {
      const opts: Opt[] = left.map((b) => ({ label: `${nameOf(g, b)} next`, action: { verb: 'choose', card: cardRef(b.id, nameOf(g, b)) } }));
      const k = yield* ask(g, g.s.active, 'damage-order', `Order blockers of ${nameOf(g, a)} for damage`, opts);
      order.push(left[k]!.id);
      left = left.filter((_, i) => i !== k);
    }
    order.push(left[0]!.id);
    combat.order[a.id] = order;
  }
  for (const x of combat.blocks) {
    const b = g.s.objects[x.blocker]!;
    const a = g.s.objects[x.attacker]!;
    g.events.push({ type: 'BlockerDeclared', card: b.id, name: nameOf(g, b), attacker: a.id });
  }
  const blockersSeen = new Set<number>();
  for (const x of combat.blocks) {
    const b = g.s.objects[x.blocker]!;
    const a = g.s.objects[x.attacker]!;
    if (!blockersSeen.has(b.id)) {
      blockersSeen.add(b.id);
      raise(g, { mode: 'Blocks', blocker: lkiOf(g, b), attacker: lkiOf(g, a), card: lkiOf(g, b) });
    }
    raise(g, { mode: 'AttackerBlockedByCreature', attacker: lkiOf(g, a), blocker: lkiOf(g, b), card: lkiOf(g, a) });
  }
  for (const a of attackers) {
    const first = combat.blocks.find((x) => x.attacker === a.id);
    if (first) raise(g, { mode: 'AttackerBlocked', attacker: lkiOf(g, a), blocker: lkiOf(g, g.s.objects[first.blocker]!), card: lkiOf(g, a) });
    else raise(g, { mode: 'AttackerUnblocked', attacker: lkiOf(g, a), card: lkiOf(g, a), defender: seat });
  }
}

function strikes(g: G, o: GameObject, first: boolean): boolean {
  const fs = hasKeyword(g, o, 'First Strike');
  const ds = hasKeyword(g, o, 'Double Strike');
  return first ? fs || ds : !fs || ds;
}

/**
 * Whether any combatant has first or double strike (CR 510.4).
 *
 * @example
 * ```ts
 * needsFirstStrikeStep(g); // true when a combatant has first or double strike
 * ```
 */
export function needsFirstStrikeStep(g: G): boolean {
  const c = g.s.combat;
  if (!c) return false;
  const ids = [...c.attackers.map((a) => a.id), ...c.blocks.map((b) => b.blocker)];
  return ids.some((id) => {
    const o = g.s.objects[id]!;
    return o.zone === 'battlefield' && (hasKeyword(g, o, 'First Strike') || hasKeyword(g, o, 'Double Strike'));
  });
}

/**
 * The damage that is lethal to `o` for an assignment (CR 510.1c, 702.19b): its toughness less the
 * damage marked on it and the damage other creatures are already assigning it in this step; any
 * nonzero amount from a source with deathtouch (CR 702.2c).
 */
function lethal(g: G, o: GameObject, deathtouch: boolean, assigning: ReadonlyMap<number, number>): number {
  const c = chars(g, o);
  const left = Math.max(0, (c.toughness ?? 0) - o.damage - (assigning.get(o.id) ?? 0));
  return deathtouch ? Math.min(1, left) : left;
}

/**
 * Divides one creature's combat damage among the creatures it is assigning it to, in their
 * damage assignment order (CR 510.1c–d as the damage assignment order rules have it, 509.2):
 * a creature can be assigned damage only once each one before it is assigned lethal damage, and
 * with `trample` the rest can go to the player or planeswalker attacked only once all of them
 * are (CR 702.19b). Returns each creature's share and the excess left for the player.
 *
 * The controller is asked, creature by creature, only when there is a real choice: more damage
 * than is lethal to this creature, and a creature (or, with trample, the player) after it. Option
 * 0 is the automatic division, so a controller that takes it plays as before the question was
 * asked: for an attacker (`lethalFirst`) lethal damage to each creature in order, the rest to the
 * last one or, with trample, to the player; for a blocker, all of it to the first attacker.
 */
function* divideDamage(
  g: G,
  seat: Seat,
  source: GameObject,
  power: number,
  order: readonly GameObject[],
  opts: { trample: boolean; deathtouch: boolean; lethalFirst: boolean; rest: string; free?: boolean },
  assigning: Map<number, number>,
): Gen<{ shares: number[]; excess: number }> {
  const shares: number[] = [];
  let left = power;
  // With trample, the player can be assigned damage only once every blocker is assigned lethal damage (CR 702.19b).
  let allLethal = true;
  for (let i = 0; i < order.length; i++) {
    const b = order[i]!;
    const lastBlocker = i === order.length - 1;
    const last = lastBlocker && (!opts.trample || (opts.free === true && !allLethal));
    const need = lethal(g, b, opts.deathtouch, assigning);
    let give = left;
    // Banding (CR 702.22j–k): the division is free among the creatures, from none to all that is left.
    const free = opts.free === true && !(lastBlocker && opts.trample);
    if (!last && (free ? left > 0 : left > need)) {
      // From `need` (lethal) to all that is left: lethal first for an attacker, all first for a blocker.
      const amounts: number[] = [];
      for (let n = need; n <= left; n++) amounts.push(n);
      if (!opts.lethalFirst) amounts.reverse();
      // Free: the automatic division first, then the amounts below lethal.
      if (free) for (let n = Math.min(need, left + 1) - 1; n >= 0; n--) amounts.push(n);
      const next = i + 1 < order.length ? nameOf(g, order[i + 1]!) : opts.rest;
      const k = yield* ask(
        g,
        seat,
        'damage-assignment',
        `${nameOf(g, source)} assigns ${left} combat damage: how much to ${nameOf(g, b)} (lethal ${need}; the rest goes on to ${next})?`,
        amounts.map((n) => ({ label: `${n} to ${nameOf(g, b)}${n === need ? ' (lethal)' : ''}`, action: { verb: 'choose', text: String(n) } })),
      );
      give = amounts[k]!;
    }
    shares.push(give);
    if (give < need) allLethal = false;
    if (give > 0) assigning.set(b.id, (assigning.get(b.id) ?? 0) + give);
    left -= give;
    if (left === 0) break;
  }
  while (shares.length < order.length) shares.push(0);
  return { shares, excess: left };
}

/**
 * A combat damage step (CR 510): every creature that deals damage in this step assigns it, the
 * active player's first (CR 510.1), then all of it is dealt at once (CR 510.2).
 * @example
 * ```ts
 * yield* combatDamage(g, needsFirstStrikeStep(g));
 * ```
 */
export function* combatDamage(g: G, first: boolean): Gen<void> {
  const combat = g.s.combat;
  if (!combat) return;
  const assignments: Array<{ source: Lki; target: Ref; amount: number }> = [];
  // Damage each creature is being assigned in this step, for "lethal" (CR 510.1c, 702.19b).
  const assigning = new Map<number, number>();
  const inCombat = (id: number) => g.s.objects[id]!.zone === 'battlefield';
  const dealsNow = (o: GameObject) => {
    if (!first && combat.firstStrike && combat.dealtFirst.includes(o.id) && !hasKeyword(g, o, 'Double Strike')) return false;
    return strikes(g, o, first);
  };
  for (const a of combat.attackers) {
    const o = g.s.objects[a.id]!;
    if (!inCombat(o.id) || !dealsNow(o)) continue;
    const power = damagePower(g, o);
    if (power <= 0) continue;
    if (first) combat.dealtFirst.push(o.id);
    const src = lkiOf(g, o);
    const blocked = combat.blocked.includes(o.id);
    const defenderRef: Ref = a.planeswalker !== null ? { card: a.planeswalker, inc: g.s.objects[a.planeswalker]!.inc } : { player: a.defender };
    if (!blocked) {
      if (a.planeswalker !== null && g.s.objects[a.planeswalker]!.zone !== 'battlefield') continue;
      assignments.push({ source: src, target: defenderRef, amount: power });
      continue;
    }
    const order = (combat.order[o.id] ?? []).filter((id) => inCombat(id) && combat.blocks.some((b) => b.blocker === id && b.attacker === o.id));
    // Thorn Elemental: its controller chooses, as its damage is assigned (CR 510.1c), to assign
    // all of it to the player or planeswalker attacked instead of the blockers; also when no
    // blocker is left (its ruling: the creature is still blocked, yet may deal its damage so).
    if (kw(g, o, AS_THOUGH_UNBLOCKED) && (a.planeswalker === null || g.s.objects[a.planeswalker]!.zone === 'battlefield')) {
      const to = a.planeswalker !== null ? nameOf(g, g.s.objects[a.planeswalker]!) : `p${a.defender + 1}`;
      const k = yield* ask(g, g.s.active, 'choose', `${nameOf(g, o)} is blocked: assign its ${power} combat damage as though it weren't blocked?`, [
        { label: `${nameOf(g, o)} assigns its damage to the blockers`, action: { verb: 'choose', text: 'blockers' } },
        { label: `${nameOf(g, o)} assigns its damage to ${to}`, action: { verb: 'choose', text: 'unblocked' } },
      ]);
      if (k === 1) {
        assignments.push({ source: src, target: defenderRef, amount: power });
        continue;
      }
    }
    const trample = hasKeyword(g, o, 'Trample');
    const deathtouch = hasKeyword(g, o, 'Deathtouch');
    if (order.length === 0) {
      // A blocked creature with no blockers left deals no damage, unless it has trample (CR 702.19d).
      if (trample) assignments.push({ source: src, target: defenderRef, amount: power });
      continue;
    }
    const blockers = order.map((id) => g.s.objects[id]!);
    const rest = a.planeswalker !== null ? nameOf(g, g.s.objects[a.planeswalker]!) : `p${a.defender + 1}`;
    // Banding (CR 702.22j): blocked by a creature with banding, the defending player divides it, freely.
    const bander = attackerDivider(g, o, blockers);
    const { shares, excess } = yield* divideDamage(
      g,
      bander ?? g.s.active,
      o,
      power,
      blockers,
      { trample, deathtouch, lethalFirst: true, rest, free: bander !== null },
      assigning,
    );
    blockers.forEach((b, i) => {
      if (shares[i]! > 0) assignments.push({ source: src, target: { card: b.id, inc: b.inc }, amount: shares[i]! });
    });
    if (excess > 0) assignments.push({ source: src, target: defenderRef, amount: excess });
  }
  const blockersDone = new Set<number>();
  for (const x of combat.blocks) {
    const b = g.s.objects[x.blocker]!;
    if (blockersDone.has(b.id) || !inCombat(b.id) || !dealsNow(b)) continue;
    blockersDone.add(b.id);
    const power = damagePower(g, b);
    if (power <= 0) continue;
    if (first) combat.dealtFirst.push(b.id);
    const targets = combat.blocks
      .filter((y) => y.blocker === b.id)
      .map((y) => g.s.objects[y.attacker]!)
      .filter((a) => inCombat(a.id));
    if (targets.length === 0) continue;
    // A blocker blocking several attackers divides its damage among them (CR 510.1d), in the
    // order the blocks were declared; by default all of it to the first.
    const deathtouch = hasKeyword(g, b, 'Deathtouch');
    // Banding (CR 702.22k): blocking a creature with banding, the active player divides it, freely.
    const bander = blockerDivider(g, targets);
    const { shares } = yield* divideDamage(
      g,
      bander ?? bc(g, b),
      b,
      power,
      targets,
      { trample: false, deathtouch, lethalFirst: false, rest: '', free: bander !== null },
      assigning,
    );
    const src = lkiOf(g, b);
    targets.forEach((t, i) => {
      if (shares[i]! > 0) assignments.push({ source: src, target: { card: t.id, inc: t.inc }, amount: shares[i]! });
    });
  }
  if (first) combat.firstStrike = true;
  // All combat damage is dealt simultaneously (CR 510.2).
  const done: { source: Lki; target: Ref; amount: number }[] = [];
  for (const as of assignments) {
    const dealt = yield* dealDamage(g, as.source, as.target, as.amount, true);
    done.push({ source: as.source, target: as.target, amount: dealt });
  }
  damageDoneOnce(g, done, true);
}
