/**
 * The heuristic's yes/no answers about an ability's optional part, a cost asked as it resolves,
 * an "unless" cost (CR 118.12) and a skipped turn (CR 614.10). The engine says what the answer
 * decides ({@link YesNoAbout} on the choice point): the effects at stake with their targets, the
 * cost. Each effect is given a signed worth for this seat on the scale of its board evaluation
 * (a Hill Giant is about 11, a land 3): good for it above zero, bad below.
 *
 * - "you may": yes unless what happens is worse for it than nothing (a sacrifice of its own
 *   permanent, damage to itself);
 * - paying to make effects happen: when their worth, less any non-mana part of the cost, is above
 *   zero and at least what the mana could do otherwise ({@link opportunity});
 * - paying an "unless" cost: when what it saves is worth that much by the same measure;
 * - Time Vault's skip: never. Skipping untaps the Vault, whose {T} gives one extra turn back: a
 *   turn for a turn, with its lands and creatures left tapped through the opponent's turn;
 * - "Untap X?" (CR 502.3): when untapping is worth more than what goes back with it (Old Man of
 *   the Sea's stolen creature);
 * - tap or untap: tap when tapping is worth more to it than untapping (the opponent's permanent).
 *
 * An upkeep "pay … to keep" is an "unless" cost whose effect is the sacrifice; an optional draw or
 * sacrifice is a "you may"; a copy of a spell is worth what the spell does to its best target.
 */
import type { CardView, ChoicePoint, SeatView } from '../../engine/index.js';
import { has, isCreature, isLand, permanentValue, toughnessLeft } from './evaluate.js';
import { manaValueOf, type CardInfo } from './knowledge.js';

// Controllers take the engine's types from its index only (information independence).
type YesNoAbout = NonNullable<ChoicePoint['about']>;
type YesNoEffect = YesNoAbout['effects'][number];

/** What the yes/no judgement reads: the seat's view, and printed card text. */
export type YesNoReading = {
  readonly view: SeatView;
  readonly me: 0 | 1;
  readonly them: 0 | 1;
  readonly byId: ReadonlyMap<number, CardView>;
  info(name: string): CardInfo | null;
  manaAvailable(): number;
};

/**
 * Whether to answer yes.
 *
 * @example
 * ```ts
 * answerYes(ctx, { kind: 'unless', source, controller: 1, effects: [counterMySpell], cost: '3', mana: 3 }); // true when nothing else wants the mana
 * ```
 */
export function answerYes(r: YesNoReading, about: YesNoAbout): boolean {
  switch (about.kind) {
    case 'skip-turn':
      return false;
    case 'optional':
      return stakes(r, about) >= 0;
    case 'pay': {
      const worth = stakes(r, about) - nonManaCost(r, about);
      return worth > 0 && worth >= opportunity(r, about.mana ?? 0);
    }
    case 'unless': {
      const saved = -stakes(r, about) - nonManaCost(r, about);
      return saved > 0 && saved >= opportunity(r, about.mana ?? 0);
    }
    case 'untap':
      // Untapping is worth a little; what goes back with it (a stolen creature) usually more.
      return stakes(r, about) >= 0;
    case 'tap-or-untap': {
      const untapped = { ...about, effects: about.effects.map((e) => ({ ...e, api: 'Untap' })) };
      return stakes(r, about) > stakes(r, untapped);
    }
  }
}

/**
 * The signed worth to this seat of the effects happening.
 *
 * @example
 * ```ts
 * stakes(ctx, { kind: 'optional', source, controller: 0, effects: [{ api: 'Draw', targets: [] }] }); // 4: it draws a card
 * ```
 */
export function stakes(r: YesNoReading, about: YesNoAbout): number {
  return about.effects.reduce((sum, e) => sum + effectWorth(r, about, e), 0);
}

/** +1 for this seat, -1 for the opponent: an effect that harms a player is worth -sign to us. */
function side(r: YesNoReading, seat: 0 | 1): number {
  return seat === r.me ? 1 : -1;
}

function amount(e: YesNoEffect): number {
  // An amount that is not a number (X, a count) is guessed small.
  return e.amount !== undefined && /^\d+$/.test(e.amount.trim()) ? Number(e.amount) : 2;
}

/**
 * The players an effect acts on: its target players, else its `Defined$` read from the ability's
 * controller; without either, its controller when `byDefault` (draw, gain life: "you").
 */
function players(r: YesNoReading, about: YesNoAbout, e: YesNoEffect, byDefault = true): Array<0 | 1> {
  const targeted = e.targets.flatMap((t) => ('player' in t ? [t.player] : []));
  if (targeted.length > 0) return targeted;
  const you = about.controller;
  const other: 0 | 1 = you === 0 ? 1 : 0;
  if (e.defined === undefined) return byDefault && e.targets.length === 0 ? [you] : [];
  switch (e.defined) {
    case 'You':
    case 'Controller':
    case 'Activator':
      return [you];
    case 'Opponent':
    case 'Player.Opponent':
    case 'OpponentOf You':
    case 'DefendingPlayer':
      return [other];
    case 'Player':
    case 'Each':
      return [0, 1];
    case 'TargetedController':
    case 'TargetedOwner':
      return e.targets.flatMap((t) => ('card' in t ? [t.controller] : []));
    default:
      return [];
  }
}

/** A card an effect acts on: as the view shows it when it is there, else by name and controller. */
type Affected = { id: number; view: CardView | undefined; name: string; controller: 0 | 1 };

function cards(r: YesNoReading, about: YesNoAbout, e: YesNoEffect): Affected[] {
  const out: Affected[] = e.targets.flatMap((t) => ('card' in t ? [{ id: t.card, view: r.byId.get(t.card), name: t.name, controller: t.controller }] : []));
  if (out.length > 0) return out;
  const source = about.source ? r.byId.get(about.source.id) : undefined;
  if (!source) return [];
  if (e.defined === 'Self' || e.defined === 'Card.Self') return [{ id: source.id, view: source, name: source.name, controller: source.controller }];
  if ((e.defined === 'Enchanted' || e.defined === 'Equipped') && source.attachedTo !== null) {
    const host = r.byId.get(source.attachedTo);
    if (host) return [{ id: host.id, view: host, name: host.name, controller: host.controller }];
  }
  return [];
}

function onBattlefield(r: YesNoReading, c: Affected): boolean {
  return c.view !== undefined && r.view.battlefield.some((b) => b.id === c.id);
}

/** What a card is worth to whoever has it: the board measure, or for a spell its printed mana value. */
function cardWorth(r: YesNoReading, c: Affected): number {
  if (c.view) return permanentValue(c.view);
  const info = r.info(c.name);
  const mv = info?.manaValue ?? 2;
  return info?.creature ? 2 + 2.5 * mv : 3 + 2 * mv;
}

/** What `n` life is worth to `seat`: everything when it is all they have left, more when low. */
function lifeWorth(r: YesNoReading, seat: 0 | 1, n: number): number {
  const life = r.view.players[seat].life;
  if (n >= life) return 1000;
  return n * (life <= 5 ? 1.5 : 0.7);
}

function effectWorth(r: YesNoReading, about: YesNoAbout, e: YesNoEffect): number {
  const n = amount(e);
  // Damage and the like name whom they hit; with no player named, they hit none.
  const ps = players(r, about, e, !/^(DealDamage|LoseLife|Discard|Mill)$/.test(e.api));
  const cs = cards(r, about, e);
  const sumPlayers = (f: (p: 0 | 1) => number): number => ps.reduce<number>((s, p) => s + side(r, p) * f(p), 0);
  const sumCards = (f: (c: Affected) => number): number => cs.reduce<number>((s, c) => s + side(r, c.controller) * f(c), 0);
  switch (e.api) {
    case 'DealDamage': {
      const atCards = sumCards((c) => {
        if (!c.view || !isCreature(c.view)) return -0.5;
        return has(c.view, 'Indestructible') || n < toughnessLeft(c.view) ? -0.5 : -cardWorth(r, c);
      });
      return atCards + sumPlayers((p) => -lifeWorth(r, p, n));
    }
    case 'LoseLife':
      return sumPlayers((p) => -lifeWorth(r, p, n));
    case 'GainLife':
      return sumPlayers((p) => (r.view.players[p].life <= 5 ? 1 : 0.5) * n);
    case 'Draw':
      // Drawing from a library that cannot pay loses the game (CR 704.5b).
      return sumPlayers((p) => (r.view.players[p].libraryCount <= n ? -1000 : 4 * n));
    case 'Discard':
      return sumPlayers((p) => -3 * Math.min(n, r.view.players[p].handCount));
    case 'Mill':
      return sumPlayers((p) => (r.view.players[p].libraryCount <= n ? -20 : -0.5 * n));
    case 'Destroy':
    case 'Counter':
    case 'GainControl':
      return sumCards((c) => -cardWorth(r, c));
    case 'Sacrifice':
      return sacrificeWorth(r, about, e, cs);
    case 'ChangeZone':
      // Off the battlefield is a loss to its controller; from elsewhere, a gain (regrowth, reanimation).
      return sumCards((c) => (onBattlefield(r, c) ? -cardWorth(r, c) : cardWorth(r, c) * 0.5));
    case 'Tap':
      return sumCards(() => -1);
    case 'Untap':
      return sumCards(() => 1);
    case 'Pump':
    case 'PutCounter':
    case 'Regenerate':
    case 'Protection':
      return sumCards(() => 1);
    case 'Token':
      return sumPlayers(() => 3 * n);
    case 'AddTurn':
      return sumPlayers(() => 30);
    case 'CopySpellAbility':
      return copyWorth(r, about);
    default:
      // An effect it cannot weigh: abilities are written to help whoever controls them.
      return about.controller === r.me ? 0.5 : -0.5;
  }
}

/**
 * A copy of the spell asking (Chain Lightning's "pay {R}{R} to copy"), to whoever gets it: the
 * asked seat when it pays or opts for it, else the spell's controller. It is worth what the spell
 * does with the best target the copy could take; a spell it cannot read, what the card is worth.
 */
function copyWorth(r: YesNoReading, about: YesNoAbout): number {
  const owner: 0 | 1 = about.kind === 'pay' || about.kind === 'optional' ? r.me : about.controller;
  const enemy: 0 | 1 = owner === 0 ? 1 : 0;
  const info = about.source ? r.info(about.source.name) : null;
  const spell = info?.spell;
  let worth = about.source ? cardWorth(r, { id: about.source.id, view: undefined, name: about.source.name, controller: owner }) : 2;
  if (spell?.api === 'DealDamage' && typeof spell.amount === 'number') {
    const n = spell.amount;
    const valid = spell.targets ?? '';
    const killable = r.view.battlefield.filter(
      (c) => c.controller === enemy && isCreature(c) && !has(c, 'Indestructible') && !has(c, 'Shroud') && !has(c, 'Hexproof') && n >= toughnessLeft(c),
    );
    worth = Math.max(0, ...killable.map(permanentValue));
    if (/Player|Any/i.test(valid)) worth = Math.max(worth, lifeWorth(r, enemy, n));
  }
  return side(r, owner) * worth;
}

/** A sacrifice: the source itself when it says so, else the cheapest permanent the player has. */
function sacrificeWorth(r: YesNoReading, about: YesNoAbout, e: YesNoEffect, targeted: Affected[]): number {
  if (targeted.length > 0 && e.targets.some((t) => 'card' in t)) return targeted.reduce((s, c) => s - side(r, c.controller) * cardWorth(r, c), 0);
  const self = e.valid === undefined || /^(Self|Card\.Self|CARDNAME)$/i.test(e.valid.trim());
  const source = about.source ? r.byId.get(about.source.id) : undefined;
  let sum = 0;
  for (const p of players(r, about, e)) {
    if (self && source && source.controller === p) {
      sum -= side(r, p) * permanentValue(source);
      continue;
    }
    const wantsCreature = e.valid !== undefined && /Creature/i.test(e.valid);
    const pool = r.view.battlefield.filter((c) => c.controller === p && (!wantsCreature || isCreature(c)));
    const cheapest = Math.min(...pool.map(permanentValue));
    if (Number.isFinite(cheapest)) sum -= side(r, p) * cheapest;
  }
  return sum;
}

/**
 * What the non-mana part of a cost takes from this seat (Forge's cost words: `Sac<1/CARDNAME>`,
 * `PayLife<2>`, `Discard<1/Card>`).
 */
function nonManaCost(r: YesNoReading, about: YesNoAbout): number {
  const text = about.cost ?? '';
  let worth = 0;
  const source = about.source ? r.byId.get(about.source.id) : undefined;
  for (const m of text.matchAll(/Sac<(\d+)\/([^>]+)>/g)) {
    const n = Number(m[1]);
    if (/CARDNAME|Self/.test(m[2]!) && source) worth += permanentValue(source);
    else {
      const mine = r.view.battlefield
        .filter((c) => c.controller === r.me && (!/Creature/i.test(m[2]!) || isCreature(c)))
        .map(permanentValue)
        .sort((a, b) => a - b);
      worth += mine.slice(0, n).reduce((s, v) => s + v, 0);
    }
  }
  for (const m of text.matchAll(/PayLife<(\d+)>/g)) worth += lifeWorth(r, r.me, Number(m[1]));
  for (const m of text.matchAll(/Discard<(\d+)/g)) worth += 3 * Number(m[1]);
  return worth;
}

const BEFORE_MAIN2 = new Set(['untap', 'upkeep', 'draw', 'main1', 'beginCombat', 'declareAttackers', 'declareBlockers', 'combatDamage', 'endCombat', 'main2']);

/**
 * What `mana` could do otherwise this turn: the worth of the best card in hand that it can cast
 * with the mana it has but not after paying (only instants and flash on the opponent's turn or
 * after its last main phase: its lands untap before it could cast anything else). Zero when the
 * mana would go unused.
 *
 * @example
 * ```ts
 * opportunity(ctx, 3); // 0 with nothing castable in hand
 * ```
 */
export function opportunity(r: YesNoReading, mana: number): number {
  if (mana <= 0) return 0;
  const have = r.manaAvailable();
  const sorcerySpeed = r.view.active === r.me && BEFORE_MAIN2.has(r.view.step);
  let best = 0;
  for (const c of r.view.hand) {
    if (isLand(c)) continue;
    const cost = manaValueOf(c.manaCost);
    if (cost > have || cost <= have - mana) continue;
    const instant = c.types.includes('Instant') || has(c, 'Flash');
    if (!instant && !sorcerySpeed) continue;
    best = Math.max(best, permanentValue(c));
  }
  return best;
}
