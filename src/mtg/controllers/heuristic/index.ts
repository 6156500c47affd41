/**
 * The `heuristic` controller: an evaluation-based player. At each decision it scores the options
 * from the seat's view (board value, removal targets, combat math, land drops) and takes the
 * best; passing scores zero, so an action is taken only when it looks better than doing nothing.
 *
 * It reads the view, the choice point and the card registry's printed text (public knowledge),
 * never the game. Ties are broken by a key of its seed and the choice count. Its little memory
 * ({@link HeuristicState}: the last target it chose, and how often it took each action in the
 * current step) is plain JSON in its spec, so a resumed game goes on exactly as the uninterrupted
 * one.
 */
import { StoryletError } from '../../../core/errors.js';
import { stableKey } from '../../../core/random.js';
import type { CardRegistry } from '../../cards/index.js';
import type { CardView, ChoiceOption, ChoicePoint, SeatView } from '../../engine/index.js';
import type { SeatController } from '../types.js';
import { planAttack, planBlocks, type Block } from './combat.js';
import { creatureValue, fight, has, isCreature, isLand, permanentValue, power, toughnessLeft } from './evaluate.js';
import { answerYes } from './yes-no.js';
import { abilityOf, cardInfo, colourSymbols, guessFromText, manaValueOf, type CardInfo, type EffectInfo } from './knowledge.js';

/**
 * An evaluation-based controller.
 *
 * @example
 * ```ts
 * const p2 = heuristicSeat('42:p2', registry);
 * runGame(game, [randomSeat('42:p1'), p2], { maxTurns: 200 });
 * ```
 */
export function heuristicSeat(seed: string, registry: CardRegistry, state?: HeuristicState): SeatController {
  if (state !== undefined && !validState(state)) throw new StoryletError('mtg/bad-controller', "the heuristic controller's saved state is not one it wrote");
  let memory: HeuristicState = state ? structuredClone(state) : { lastTarget: null, step: '', taken: {} };
  return {
    kind: 'heuristic',
    name: 'heuristic',
    choose(view, point) {
      const ctx = new Ctx(registry, seed, view, point, memory);
      const index = decide(ctx);
      memory = remember(memory, view, point, index);
      return index;
    },
    spec: () => ({ kind: 'heuristic', seed, state: structuredClone(memory) }),
  };
}

/**
 * What the heuristic remembers between decisions, plain JSON.
 *
 * - `lastTarget`: the choice count and stack item of the last target it chose. A spell that may
 *   take more targets asks again right after (Fireball); one target is what it wants, so the next
 *   prompt for the same item is answered "done".
 * - `taken`: how often it took each priority action in the current step (`step`), so an action
 *   the engine undoes (a cost that turned out unpayable) is not retried for ever.
 */
export type HeuristicState = {
  lastTarget: { at: number; item: number } | null;
  step: string;
  taken: Record<string, number>;
};

function validState(s: unknown): s is HeuristicState {
  if (s === null || typeof s !== 'object') return false;
  const h = s as Partial<HeuristicState>;
  const last = h.lastTarget;
  const lastOk = last === null || (typeof last === 'object' && last !== undefined && Number.isInteger(last.at) && Number.isInteger(last.item));
  const takenOk = typeof h.taken === 'object' && h.taken !== null && Object.values(h.taken).every((n) => Number.isInteger(n));
  return lastOk && typeof h.step === 'string' && takenOk;
}

/** How many times one priority action may be taken in one step. */
const MAX_REPEATS = 16;

function remember(memory: HeuristicState, view: SeatView, point: ChoicePoint, index: number): HeuristicState {
  const next: HeuristicState = { lastTarget: memory.lastTarget, step: memory.step, taken: memory.taken };
  if (point.kind === 'targets') {
    const top = view.stack[0];
    next.lastTarget = top ? { at: view.choiceCount, item: top.id } : null;
  }
  if (point.kind === 'priority') {
    const key = `${point.turn}/${point.phase}`;
    const taken = key === memory.step ? { ...memory.taken } : {};
    const label = point.options[index]?.label ?? '';
    if (index !== 0) taken[label] = (taken[label] ?? 0) + 1;
    next.step = key;
    next.taken = taken;
  }
  return next;
}

/** One decision's reading of the view. */
class Ctx {
  readonly me: 0 | 1;
  readonly them: 0 | 1;
  readonly byId = new Map<number, CardView>();
  readonly mine: CardView[];
  readonly theirs: CardView[];

  constructor(
    readonly registry: CardRegistry,
    readonly seed: string,
    readonly view: SeatView,
    readonly point: ChoicePoint,
    readonly memory: HeuristicState,
  ) {
    this.me = view.seat;
    this.them = view.seat === 0 ? 1 : 0;
    for (const list of [view.battlefield, view.hand, view.graveyards[0], view.graveyards[1], view.exile, view.revealed]) {
      for (const c of list) this.byId.set(c.id, c);
    }
    this.mine = view.battlefield.filter((c) => c.controller === this.me);
    this.theirs = view.battlefield.filter((c) => c.controller === this.them);
  }

  info(name: string): CardInfo | null {
    return cardInfo(this.registry, name);
  }

  get myLife(): number {
    return this.view.players[this.me].life;
  }
  get theirLife(): number {
    return this.view.players[this.them].life;
  }
  get myTurn(): boolean {
    return this.view.active === this.me;
  }
  get mainPhase(): boolean {
    return this.view.step === 'main1' || this.view.step === 'main2';
  }

  /** The best option by `score`; ties go to a seeded key, so the choice is a pure function. */
  best(score: (o: ChoiceOption) => number, options: readonly ChoiceOption[] = this.point.options): ChoiceOption | undefined {
    let top: ChoiceOption | undefined;
    let topScore = -Infinity;
    for (const o of options) {
      const s = score(o) + stableKey(this.seed, String(this.view.choiceCount), String(o.index)) * 1e-6;
      if (s > topScore) {
        top = o;
        topScore = s;
      }
    }
    return top;
  }

  /** Mana this seat could make now: its untapped sources (a rough count for X and affordability). */
  manaAvailable(): number {
    let n = 0;
    for (const c of this.mine) {
      if (c.tapped) continue;
      if (isCreature(c) && c.sick) continue;
      const info = this.info(c.name);
      if (info && info.produces.length > 0) n++;
    }
    return n;
  }
}

const PASSIVE = new Set(['pass', 'done', 'keep', 'no']);

function decide(ctx: Ctx): number {
  const p = ctx.point;
  switch (p.kind) {
    case 'mulligan':
      return mulligan(ctx);
    case 'bottom':
      return pickCard(ctx, (c) => -keepValue(ctx, c));
    case 'opening-hand':
      // A Leyline on the battlefield or a Chancellor revealed costs nothing: take each one.
      return p.options.length > 1 ? 1 : 0;
    case 'discard':
      return pickCard(ctx, (c) => -keepValue(ctx, c));
    case 'priority':
      return priority(ctx);
    case 'attackers':
      return attackers(ctx);
    case 'blockers':
      return blockers(ctx);
    case 'damage-order':
      return pickCard(ctx, (c) => -toughnessLeft(c));
    case 'damage-assignment':
      // Option 0 is lethal damage to each blocker in order and the rest to the player with
      // trample: as many blockers killed and as much damage through as the division allows.
      return 0;
    case 'targets':
      return targets(ctx);
    case 'x':
      return chooseX(ctx);
    case 'yes-no':
      return yesNo(ctx);
    case 'search':
      return search(ctx);
    case 'choose':
      return choose(ctx);
    default:
      return p.options.find((o) => PASSIVE.has(o.action.verb))?.index ?? 0;
  }
}

/** The card an option names, as the view shows it. */
function cardOf(ctx: Ctx, o: ChoiceOption): CardView | undefined {
  const a = o.action;
  const id = 'card' in a && a.card ? a.card.id : undefined;
  return id === undefined ? undefined : ctx.byId.get(id);
}

/** Picks the option whose card scores best (options without a card score lowest). */
function pickCard(ctx: Ctx, score: (c: CardView) => number): number {
  const best = ctx.best((o) => {
    const c = cardOf(ctx, o);
    return c ? score(c) : -1e9;
  });
  return best?.index ?? 0;
}

/** How much a card in hand is worth keeping: lands while we need them, spells we can cast soon. */
function keepValue(ctx: Ctx, c: CardView): number {
  const lands = ctx.mine.filter(isLand).length + ctx.view.hand.filter(isLand).length;
  if (isLand(c)) return lands <= 4 ? 10 : 2;
  const cost = manaValueOf(c.manaCost);
  const reach = ctx.mine.filter(isLand).length + 1;
  const base = isCreature(c) ? creatureValue(c) : 4 + cost;
  return cost <= reach ? base + 3 : base - (cost - reach) * 1.5;
}

// --- the opening hand (CR 103.5) ---------------------------------------------------------------

function mulligan(ctx: Ctx): number {
  const keep = ctx.point.options.find((o) => o.action.verb === 'keep')?.index ?? 0;
  const again = ctx.point.options.find((o) => o.action.verb === 'mulligan')?.index ?? keep;
  const bottom = /put (\d+) on the bottom/.exec(ctx.point.prompt);
  const taken = bottom ? Number(bottom[1]) : 0;
  if (taken >= 2) return keep;
  const lands = ctx.view.hand.filter(isLand).length;
  const cheap = ctx.view.hand.filter((c) => !isLand(c) && manaValueOf(c.manaCost) <= 3).length;
  const ok = lands >= 2 && lands <= 5 && (cheap >= 1 || lands >= 3);
  return ok || (taken === 1 && lands >= 1 && lands <= 5) ? keep : again;
}

// --- priority (CR 117) -------------------------------------------------------------------------

function priority(ctx: Ctx): number {
  const best = ctx.best((o) => actionScore(ctx, o));
  if (!best || actionScore(ctx, best) <= 0) return ctx.point.options.find((o) => o.action.verb === 'pass')?.index ?? 0;
  return best.index;
}

function actionScore(ctx: Ctx, o: ChoiceOption): number {
  const a = o.action;
  if (ctx.memory.step === `${ctx.point.turn}/${ctx.point.phase}` && (ctx.memory.taken[o.label] ?? 0) >= MAX_REPEATS) return -1;
  switch (a.verb) {
    case 'pass':
      return 0;
    case 'play':
      return 1000 + landNeed(ctx, a.card.name);
    case 'cast':
      return castScore(ctx, a.card.name, a.card.id);
    case 'activate': {
      const info = ctx.info(a.card.name);
      const effect = abilityOf(info, a.text) ?? guessFromText(a.text);
      return activateScore(ctx, effect, a.card.id);
    }
    default:
      return 0;
  }
}

/** How much a land's colours are wanted by the spells in hand. */
function landNeed(ctx: Ctx, name: string): number {
  const info = ctx.info(name);
  if (!info) return 0;
  const have = new Set<string>();
  for (const c of ctx.mine) for (const colour of ctx.info(c.name)?.produces ?? []) have.add(colour);
  let need = 0;
  for (const c of ctx.view.hand) {
    for (const s of colourSymbols(c.manaCost)) if (!have.has(s) && info.produces.includes(s)) need++;
  }
  // A land that only destroys or sacrifices itself is a worse drop than one that makes mana.
  return need + info.produces.length * 0.1;
}

/** A card matches a `ValidTgts$` alternative (`Creature.nonBlack`, `Artifact,Enchantment`). */
function matchesValid(ctx: Ctx, c: CardView, valid: string): boolean {
  for (const alt of valid.split(',')) {
    const [type = '', ...quals] = alt.trim().split(/[.+]/);
    const t = type.toLowerCase();
    if (t === 'player' || t === 'opponent') continue;
    const typeOk = t === 'any' || t === 'card' || t === 'permanent' ? true : c.types.some((x) => x.toLowerCase() === t);
    if (!typeOk) continue;
    let ok = true;
    for (const q of quals) {
      const m = /^non(\w+)$/i.exec(q);
      if (m) {
        const word = m[1]!.toLowerCase();
        const colour = COLOUR_WORDS[word];
        if (colour ? c.colours.includes(colour) : c.types.some((x) => x.toLowerCase() === word) || c.subtypes.some((x) => x.toLowerCase() === word)) ok = false;
      } else if (/^OppCtrl$/i.test(q)) ok &&= c.controller === ctx.them;
      else if (/^YouCtrl$/i.test(q)) ok &&= c.controller === ctx.me;
      else if (/^tapped$/i.test(q)) ok &&= c.tapped;
      else if (/^untapped$/i.test(q)) ok &&= !c.tapped;
      else if (/^attacking$/i.test(q)) ok &&= ctx.view.combat?.attackers.includes(c.id) === true;
      else if (/^with(\w+)$/i.test(q)) ok &&= has(c, /^with(\w+)$/i.exec(q)![1]!);
      else if (COLOUR_WORDS[q.toLowerCase()]) ok &&= c.colours.includes(COLOUR_WORDS[q.toLowerCase()]!);
    }
    if (ok) return true;
  }
  return false;
}

const COLOUR_WORDS: Record<string, string> = { white: 'W', blue: 'U', black: 'B', red: 'R', green: 'G' };

function targetsPlayers(valid: string | null): boolean {
  return valid !== null && /(^|,)\s*(Player|Opponent|Any)\b/i.test(valid);
}

/** How much damage an effect deals: its number, or for X what the mana left could pay. */
function amountOf(ctx: Ctx, e: EffectInfo, fixedCost: number): number {
  if (typeof e.amount === 'number') return e.amount;
  if (e.amount === 'X') return Math.max(0, ctx.manaAvailable() - fixedCost);
  return 0;
}

/**
 * The best thing a harmful targeted effect could hit: the most valuable opposing permanent it can
 * legally target (and, for damage, kill), or the opponent when the damage is lethal.
 */
function harmValue(ctx: Ctx, e: EffectInfo, fixedCost: number): number {
  const valid = e.targets ?? '';
  if (e.api === 'Discard' || e.api === 'Mill' || e.api === 'LoseLife' || (e.api === 'Sacrifice' && targetsPlayers(valid))) {
    if (e.api === 'Discard') return ctx.view.players[ctx.them].handCount > 0 ? 40 : -1;
    if (e.api === 'Sacrifice') return ctx.theirs.some(isCreature) ? 60 : -1;
    if (e.api === 'LoseLife') return 30;
    return ctx.view.players[ctx.them].libraryCount < 15 ? 30 : 5;
  }
  if (e.zone && !/Battlefield/i.test(e.zone)) return -1;
  const damage = e.api === 'DealDamage' ? amountOf(ctx, e, fixedCost) : 0;
  let best = -1;
  for (const c of ctx.theirs) {
    if (!matchesValid(ctx, c, valid)) continue;
    if (has(c, 'Shroud') || has(c, 'Hexproof')) continue;
    if (e.api === 'DealDamage' && !(damage >= toughnessLeft(c) && isCreature(c))) continue;
    if (e.api === 'Tap' && c.tapped) continue;
    if (e.api === 'Pump' && !isCreature(c)) continue;
    if (e.api === 'Pump' && e.power < 0 && toughnessLeft(c) > -e.power) continue;
    best = Math.max(best, 30 + permanentValue(c) * 5);
  }
  if (e.api === 'DealDamage' && targetsPlayers(valid) && damage > 0) {
    if (damage >= ctx.theirLife) return 10_000;
    // Burn at the opponent's face when there is nothing better to hit, and only late.
    if (best < 0 && (ctx.view.hand.length >= 5 || ctx.theirLife <= damage * 2)) best = 15 + damage;
  }
  return best;
}

function castScore(ctx: Ctx, name: string, id: number): number {
  const info = ctx.info(name);
  const view = ctx.byId.get(id);
  const cost = view ? manaValueOf(view.manaCost) : (info?.manaValue ?? 0);
  if (!info) return view && isCreature(view) ? 200 + creatureValue(view) : 5;
  if (info.creature) {
    const body = view ? creatureValue(view) : 5;
    return 200 + body + cost;
  }
  if (info.land) return 0;
  const spell = info.spell;
  const permanent = info.cardTypes.some((t) => t === 'Artifact' || t === 'Enchantment' || t === 'Planeswalker');
  if (permanent && !info.aura) {
    if (info.produces.length > 0) return 300;
    return ctx.mainPhase && ctx.myTurn ? 150 + cost : 0;
  }
  if (!spell) return ctx.mainPhase && ctx.myTurn ? 10 : 0;
  return spellScore(ctx, spell, info, cost);
}

function spellScore(ctx: Ctx, e: EffectInfo, info: CardInfo, cost: number): number {
  const fixed = Math.max(1, cost);
  if (info.aura) {
    if (e.intent === 'harm' || e.logic === 'GainControl') {
      const best = Math.max(
        -1,
        ...ctx.theirs.filter((c) => isCreature(c) && matchesValid(ctx, c, e.targets ?? 'Creature')).map((c) => 40 + creatureValue(c) * 5),
      );
      return best;
    }
    if (e.logic === 'Reanimate') {
      const dead = [...ctx.view.graveyards[0], ...ctx.view.graveyards[1]].filter(isCreature);
      return dead.length > 0 ? 100 + Math.max(...dead.map(creatureValue)) * 3 : -1;
    }
    return ctx.mine.some(isCreature) && ctx.mainPhase && ctx.myTurn ? 80 : -1;
  }
  switch (e.api) {
    case 'Counter': {
      const top = ctx.view.stack[0];
      if (!top || top.controller === ctx.me) return -1;
      const target = ctx.info(top.text);
      return target ? 60 + target.manaValue * 20 : -1;
    }
    case 'Draw':
      return ctx.view.players[ctx.me].libraryCount > 8 ? 140 : -1;
    case 'GainLife':
      return ctx.myLife < 10 ? 60 : -1;
    case 'AddTurn':
      return ctx.mainPhase && ctx.myTurn ? 150 : -1;
    case 'Token':
      return ctx.mainPhase || ctx.view.step === 'end' ? 120 : -1;
    case 'DestroyAll':
    case 'DamageAll':
    case 'ChangeZoneAll':
      return sweepScore(ctx, e, fixed);
    case 'Pump':
      if (e.intent === 'help' && e.targets) return pumpScore(ctx, e);
      break;
    case 'ChangeZone':
      if (e.intent === 'help') {
        if (/Graveyard/i.test(e.origin ?? '')) {
          const mine = ctx.view.graveyards[ctx.me].filter((c) => !isLand(c));
          return mine.length > 0 && ctx.mainPhase ? 90 : -1;
        }
        if (/Library/i.test(e.origin ?? '')) return ctx.mainPhase && ctx.myTurn ? 90 : -1;
      }
      break;
    case 'Mana':
    case 'Balance':
    case 'Regenerate':
    case 'Protection':
    case 'Untap':
    case 'Fog':
      return -1;
  }
  if (e.intent === 'harm' && e.targets) {
    const v = harmValue(ctx, e, fixed);
    return v > 0 ? 100 + v : -1;
  }
  if (e.intent === 'harm' && !e.targets) return ctx.mainPhase && ctx.myTurn ? 60 : -1;
  // An unknown spell: cast it in our own main phase rather than never.
  return ctx.mainPhase && ctx.myTurn && ctx.view.stack.length === 0 ? 10 : -1;
}

/** A board-wide effect is worth casting when it costs the opponent clearly more than us. */
function sweepScore(ctx: Ctx, e: EffectInfo, fixedCost: number): number {
  const all = e.all ?? '';
  if (e.api === 'DamageAll') {
    const x = amountOf(ctx, e, fixedCost);
    if (x <= 0) return -1;
    const hitsPlayers = /Player/i.test(all) || /Player/i.test(e.targets ?? '');
    if (hitsPlayers && x >= ctx.myLife) return -1;
    if (hitsPlayers && x >= ctx.theirLife) return 10_000;
    const killed = (cs: CardView[]): number =>
      cs.filter((c) => isCreature(c) && !(/withoutFlying/i.test(all) && has(c, 'Flying')) && toughnessLeft(c) <= x).reduce((s, c) => s + creatureValue(c), 0);
    const net = killed(ctx.theirs) - killed(ctx.mine);
    return net > 4 ? 100 + net : -1;
  }
  const valid = all || 'Creature';
  const hit = (cs: CardView[]): number => cs.filter((c) => matchesValid(ctx, c, valid)).reduce((s, c) => s + permanentValue(c), 0);
  const net = hit(ctx.theirs) - hit(ctx.mine);
  if (/Land/i.test(valid)) {
    // Destroying every land favours whoever has the stronger board already.
    const board = (cs: CardView[]): number => cs.filter(isCreature).reduce((s, c) => s + creatureValue(c), 0);
    return board(ctx.mine) > board(ctx.theirs) + 6 ? 90 : -1;
  }
  return net > 6 ? 100 + net : -1;
}

/** A pump spell is worth it in combat: to win a fight, or for extra damage when unblocked. */
function pumpScore(ctx: Ctx, e: EffectInfo): number {
  const combat = ctx.view.combat;
  if (!combat || (ctx.view.step !== 'declareBlockers' && ctx.view.step !== 'combatDamage')) return -1;
  const boost = typeof e.amount === 'number' ? e.amount : 2;
  let best = -1;
  for (const id of combat.attackers) {
    const a = ctx.byId.get(id);
    if (!a) continue;
    const blocks = combat.blocks
      .filter((b) => b.attacker === id)
      .map((b) => ctx.byId.get(b.blocker))
      .filter((c): c is CardView => c !== undefined);
    if (a.controller === ctx.me) {
      if (blocks.length === 0) best = Math.max(best, ctx.theirLife <= power(a) + boost ? 10_000 : 20 + boost);
      for (const b of blocks) {
        const before = fight(a, b);
        const after = fight(a, b, { attacker: boost });
        if ((before.attackerDies && !after.attackerDies) || (!before.blockerDies && after.blockerDies)) best = Math.max(best, 80 + creatureValue(a));
      }
    } else {
      for (const b of blocks) {
        if (b.controller !== ctx.me) continue;
        const before = fight(a, b);
        const after = fight(a, b, { blocker: boost });
        if ((before.blockerDies && !after.blockerDies) || (!before.attackerDies && after.attackerDies)) best = Math.max(best, 80 + creatureValue(b));
      }
    }
  }
  return best;
}

function activateScore(ctx: Ctx, e: EffectInfo, source: number): number {
  if (e.mana) return -1;
  const view = ctx.view;
  if (e.intent === 'harm' && e.targets) {
    if (e.api === 'Tap') {
      // Tap their best creature before it can attack, or a blocker before we attack.
      const untapped = ctx.theirs.filter((c) => isCreature(c) && !c.tapped && power(c) > 0);
      if (untapped.length === 0) return -1;
      if (!ctx.myTurn && view.step === 'beginCombat') return 80;
      if (ctx.myTurn && view.step === 'beginCombat' && ctx.mine.some((c) => isCreature(c) && !c.tapped && !c.sick)) return 60;
      return -1;
    }
    const v = harmValue(ctx, e, 0);
    if (v <= 0) return -1;
    if (e.api === 'Destroy' && /Sac<1\/CARDNAME>/i.test(e.cost)) return ctx.mainPhase && ctx.myTurn ? 40 : -1;
    if (e.api === 'DealDamage' && v < 30) return !ctx.myTurn && view.step === 'end' ? v : -1;
    return 50 + v;
  }
  // An extra turn (CR 500.7) is worth more than anything but a land drop or a creature; it is
  // taken after this one whenever it is activated, so there is no better moment to wait for.
  if (e.api === 'AddTurn') return 120;
  if (e.api === 'CopySpellAbility') return copyScore(ctx);
  if (e.api === 'Draw') {
    const late = !ctx.myTurn && view.step === 'end';
    return late && view.players[ctx.me].libraryCount > 10 ? 50 : -1;
  }
  if (e.api === 'Pump' && e.intent === 'help') {
    const combat = view.combat;
    const self = ctx.byId.get(source);
    if (!combat || !self || !ctx.myTurn || view.step !== 'declareBlockers') return -1;
    const unblocked = combat.attackers.includes(source) && !combat.blocks.some((b) => b.attacker === source);
    return unblocked ? 20 : -1;
  }
  return -1;
}

/** A copy of our spell on top of the stack is worth what casting that spell now would be. */
function copyScore(ctx: Ctx): number {
  const top = ctx.view.stack[0];
  if (!top || top.controller !== ctx.me) return -1;
  const info = ctx.info(top.text);
  if (!info?.spell) return -1;
  return spellScore(ctx, info.spell, info, info.manaValue);
}

// --- combat ------------------------------------------------------------------------------------

function attackers(ctx: Ctx): number {
  const offered = ctx.point.options.filter((o) => o.action.verb === 'attack' && o.action.defender !== undefined);
  const candidates = offered.map((o) => cardOf(ctx, o)).filter((c): c is CardView => c !== undefined);
  const plan = new Set(planAttack(ctx.view, candidates));
  const next = ctx.best((o) => {
    const c = cardOf(ctx, o);
    return c && plan.has(c.id) ? 1 + creatureValue(c) : -1;
  }, offered);
  const c = next ? cardOf(ctx, next) : undefined;
  if (next && c && plan.has(c.id)) return next.index;
  return ctx.point.options.find((o) => o.action.verb === 'done')?.index ?? 0;
}

function blockers(ctx: Ctx): number {
  const offered: Array<Block & { index: number }> = [];
  for (const o of ctx.point.options) {
    if (o.action.verb === 'block') offered.push({ blocker: o.action.card.id, attacker: o.action.attacker.id, index: o.index });
  }
  const plan = planBlocks(ctx.view, offered);
  for (const b of plan) {
    const match = offered.find((o) => o.blocker === b.blocker && o.attacker === b.attacker);
    if (match) return match.index;
  }
  return ctx.point.options.find((o) => o.action.verb === 'done')?.index ?? 0;
}

// --- the choices of casting (CR 601.2b–d) ------------------------------------------------------

/** The effect whose target is being chosen: the top of the stack, if it is ours. */
function announcing(ctx: Ctx): EffectInfo | null {
  const top = ctx.view.stack[0];
  if (!top || top.controller !== ctx.me) return null;
  const text = top.text;
  const colon = text.indexOf(': ');
  if (colon >= 0) {
    const info = ctx.info(text.slice(0, colon));
    return abilityOf(info, text.slice(colon + 2)) ?? guessFromText(text.slice(colon + 2));
  }
  const trigger = / trigger$/.exec(text);
  if (trigger) {
    const info = ctx.info(text.slice(0, trigger.index));
    return info?.triggers.find((t) => t.targets !== null) ?? null;
  }
  return ctx.info(text)?.spell ?? null;
}

function targets(ctx: Ctx): number {
  const e = announcing(ctx);
  const done = ctx.point.options.find((o) => o.action.verb === 'done');
  const last = ctx.memory.lastTarget;
  const top = ctx.view.stack[0];
  if (done && last && top && last.item === top.id && last.at === ctx.view.choiceCount - 1) return done.index;
  const intent = e?.intent === 'help' ? 'help' : 'harm';
  const damage = e && e.api === 'DealDamage' ? amountOf(ctx, e, 0) : 0;
  const best = ctx.best((o) => {
    const a = o.action;
    if (a.verb === 'done') return 0;
    if (a.verb === 'target' && a.player) {
      const theirs = a.player.seat === ctx.them;
      if (intent === 'help') return theirs ? -50 : 50;
      if (!theirs) return -100;
      return damage > 0 && damage >= ctx.theirLife ? 10_000 : 5 + damage;
    }
    if (a.verb === 'target' && a.card) {
      const c = ctx.byId.get(a.card.id);
      const stackItem = ctx.view.stack.find((s) => s.id === a.card!.id);
      if (stackItem) return stackItem.controller === ctx.them ? (intent === 'harm' ? 100 : -100) : intent === 'harm' ? -100 : 50;
      if (!c) return 1;
      // Graveyard targets (reanimation, regrowth): the best card, whoever owns it.
      const inGraveyard = ctx.view.graveyards.some((g) => g.some((x) => x.id === c.id));
      if (inGraveyard) return 10 + (isCreature(c) ? creatureValue(c) : manaValueOf(c.manaCost));
      const theirs = c.controller === ctx.them;
      const value = permanentValue(c);
      if (intent === 'help') return theirs ? -100 : 10 + value;
      if (!theirs) return -100 - value;
      if (damage > 0 && isCreature(c)) return damage >= toughnessLeft(c) ? 50 + value * 5 : value;
      return 20 + value * 5;
    }
    return 1;
  });
  return best?.index ?? 0;
}

function chooseX(ctx: Ctx): number {
  const e = announcing(ctx);
  const values = ctx.point.options.map((o) => ({ o, x: o.action.verb === 'choose' && o.action.text !== undefined ? Number(o.action.text) : NaN }));
  let cap = Infinity;
  if (e && e.api === 'DamageAll' && /Player/i.test(`${e.all ?? ''} ${e.targets ?? ''}`)) cap = ctx.myLife - 1;
  // "Pay any amount of life" (Phyrexian Processor; the engine's prompt, costs.ts): half of it, so
  // the payment does not lose the game it is meant to win.
  if (/life to pay/i.test(ctx.point.prompt)) cap = Math.floor(ctx.myLife / 2);
  const ok = values.filter((v) => Number.isFinite(v.x) && v.x <= cap);
  const best = ok.sort((a, b) => b.x - a.x)[0];
  return best?.o.index ?? 0;
}

function yesNo(ctx: Ctx): number {
  const yes = ctx.point.options.find((o) => o.action.verb === 'yes')?.index;
  const no = ctx.point.options.find((o) => o.action.verb === 'no')?.index ?? 0;
  if (yes === undefined) return no;
  if (/new targets/i.test(ctx.point.prompt)) return no;
  // What the answer decides, when the engine says (see yes-no.ts); else "yes" ("you may" is
  // mostly worth it, and a question it cannot weigh is not worth refusing).
  const about = ctx.point.about;
  if (about) return answerYes(ctx, about) ? yes : no;
  return yes;
}

function search(ctx: Ctx): number {
  const lands = ctx.mine.filter(isLand).length;
  const best = ctx.best((o) => {
    if (o.action.verb === 'done') return 0;
    const name = o.action.verb === 'choose' && o.action.card ? o.action.card.name : undefined;
    const info = name ? ctx.info(name) : null;
    if (!info) return 1;
    if (info.land) return lands < 5 ? 30 + info.produces.length : 5;
    return 10 + info.manaValue * (info.manaValue <= lands + 1 ? 3 : 1);
  });
  return best?.index ?? 0;
}

function choose(ctx: Ctx): number {
  const p = ctx.point;
  const prompt = p.prompt.toLowerCase();
  const giving = /sacrifice|discard|exile|destroy|put .* on the bottom|return .* to/.test(prompt);
  const colours = p.options.every((o) => o.action.verb === 'choose' && o.action.text !== undefined && COLOUR_WORDS[o.action.text.toLowerCase()] !== undefined);
  if (colours) {
    const want = new Map<string, number>();
    for (const c of ctx.view.hand) for (const s of colourSymbols(c.manaCost)) want.set(s, (want.get(s) ?? 0) + 1);
    return ctx.best((o) => want.get(COLOUR_WORDS[(o.action as { text: string }).text.toLowerCase()]!) ?? 0)?.index ?? 0;
  }
  const best = ctx.best((o) => {
    const a = o.action;
    if (a.verb !== 'choose') return PASSIVE.has(a.verb) ? 0 : -1;
    if (a.player) return a.player.seat === ctx.them ? 10 : -10;
    if (a.card) {
      const c = ctx.byId.get(a.card.id);
      const value = c ? permanentValue(c) : 1;
      const ours = c ? c.controller === ctx.me : true;
      if (giving) return ours ? -value : value;
      return ours ? value : value * 0.5;
    }
    return 0;
  });
  return best?.index ?? 0;
}
