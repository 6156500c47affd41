/**
 * Numbers in card scripts (Forge's `AbilityUtils.calculateAmount` and `xCount`): literals,
 * SVar names, and value expressions such as `Count$Valid Creature.YouCtrl`, `Count$xPaid`,
 * `Targeted$CardPower`, `TriggerCount$DamageAmount`, each optionally followed by math
 * (`/Plus.2`, `/Times.X`, `/HalfDown`, `/Negative`, `/LimitMax.5`). Every `count:` primitive this
 * module implements is registered at the bottom, so the coverage report counts it.
 */
import type { Seat } from './choice.js';
import type { Chars, Lki, StackItem } from './types.js';
import { svarText } from './cards.js';
import { maybeObj, opponent, unsupported, type Run } from './context.js';
import { definedCards, definedPlayers } from './defined.js';
import { chars } from './layers.js';
import { matchesCard, seen, seenLki, type Seen } from './select.js';
import { registerPrimitive } from '../cards/index.js';
import { manaSources } from './costs.js';
import { conditionWord } from './conditions.js';

/**
 * Evaluates a numeric parameter: a literal, `+X`/`-X`, or the name of an SVar holding an
 * expression. Unknown expressions count 0 and are recorded in `g.unsupported`.
 *
 * @example
 * ```ts
 * evalNumber(run, '3'); // 3
 * evalNumber(run, 'X'); // the value of SVar X of the node's face
 * ```
 */
export function evalNumber(run: Run, text: string | undefined, depth = 0): number {
  if (text === undefined) return 0;
  const form = numberForm(text);
  if (form.literal !== null) return form.literal;
  if (depth > 12) return 0;
  const t = form.text;
  if (form.sign !== 0) return form.sign * evalNumber(run, t.slice(1), depth + 1);
  if (form.expression) return evalExpression(run, t, depth + 1);
  const host = run.host ? run.g.s.objects[run.host] : undefined;
  if (host && Object.prototype.hasOwnProperty.call(host.stored, t)) return host.stored[t]!;
  if (run.ref) {
    const body = svarText(run.ref, t);
    if (body !== undefined) return evalExpression(run, body, depth + 1);
  }
  if (t === 'X' && run.item) return run.item.x;
  if (t === 'ChosenX') return host?.chosen.number ?? 0;
  unsupported(run.g, `value:${t}`);
  return 0;
}

/**
 * What a value text is, read once per text (a game evaluates the same few texts thousands of
 * times): a whole number, a sign before another value, an expression (`Count$...`), or a name
 * (an SVar, a stored number, `X`).
 */
type NumberForm = { text: string; literal: number | null; sign: -1 | 0 | 1; expression: boolean };
const numberForms = new Map<string, NumberForm>();
/** Texts come from card scripts, a bounded set; the bound keeps a hostile one from growing it for ever. */
const FORMS_MAX = 50_000;

function numberForm(text: string): NumberForm {
  let form = numberForms.get(text);
  if (form) return form;
  const t = text.trim();
  form = {
    text: t,
    literal: /^[+-]?\d+$/.test(t) ? Number(t) : null,
    sign: t.startsWith('+') ? 1 : t.startsWith('-') ? -1 : 0,
    expression: t.includes('$'),
  };
  if (numberForms.size < FORMS_MAX) numberForms.set(text, form);
  return form;
}

/** `Count$Valid Creature/Plus.2` read once per text: its source (`Count`), value and math. */
type ExpressionForm = { source: string; body: string; math: string[] };
const expressionForms = new Map<string, ExpressionForm>();

function expressionForm(text: string): ExpressionForm {
  let form = expressionForms.get(text);
  if (form) return form;
  const dollar = text.indexOf('$');
  const { value: body, math } = splitMath(text.slice(dollar + 1));
  form = { source: text.slice(0, dollar), body, math };
  if (expressionForms.size < FORMS_MAX) expressionForms.set(text, form);
  return form;
}

/** Splits `Count$Valid Creature/Plus.2` into the value and its math (`Plus.2`). */
function splitMath(body: string): { value: string; math: string[] } {
  // Math follows the first `/` that starts an operator word; selectors never contain `/`.
  const parts = body.split('/');
  return { value: parts[0]!, math: parts.slice(1) };
}

function applyMath(run: Run, n: number, math: string[], depth: number): number {
  for (const op of math) {
    const dot = op.indexOf('.');
    const name = dot < 0 ? op : op.slice(0, dot);
    const argText = dot < 0 ? '' : op.slice(dot + 1);
    const arg = (): number => evalNumber(run, argText, depth + 1);
    switch (name) {
      case 'Plus':
        n += arg();
        break;
      case 'Minus':
        n -= arg();
        break;
      case 'NMinus':
        n = arg() - n;
        break;
      case 'Times':
        n *= arg();
        break;
      case 'DivideEvenlyDown':
      case 'Divide':
        n = Math.floor(n / Math.max(1, arg()));
        break;
      case 'DivideEvenlyUp':
        n = Math.ceil(n / Math.max(1, arg()));
        break;
      case 'HalfDown':
        n = Math.floor(n / 2);
        break;
      case 'HalfUp':
        n = Math.ceil(n / 2);
        break;
      case 'Twice':
        n *= 2;
        break;
      case 'Thrice':
        n *= 3;
        break;
      case 'Negative':
        n = -n;
        break;
      case 'LimitMax':
        n = Math.min(n, arg());
        break;
      case 'LimitMin':
        n = Math.max(n, arg());
        break;
      case 'Mod':
        n = n % Math.max(1, arg());
        break;
      case 'Abs':
        n = Math.abs(n);
        break;
      default:
        unsupported(run.g, `math:${name}`);
    }
  }
  return n;
}

/**
 * A property of a list of cards (`CardPower`, `Amount`, `CardManaCost`, `CardCounters.P1P1`).
 * `Amount` may carry one math operator after a dot (`Amount.Twice`, `Amount.Plus.3`,
 * `Amount.Negative`), as Forge's `handlePaid` reads it: Scent of Jasmine's "2 life for each".
 */
function cardsValue(run: Run, cards: Seen[], prop: string, depth: number): number {
  if (prop === 'Amount' || prop === '') return cards.length;
  if (prop.startsWith('Amount.')) return applyMath(run, cards.length, [prop.slice(7)], depth);
  if (prop.startsWith('Valid ')) {
    const sel = prop.slice(6);
    return cards.filter((c) => matchesCard(run, sel, c)).length;
  }
  let total = 0;
  for (const c of cards) total += cardProp(run, c, prop);
  return total;
}

function cardProp(run: Run, c: Seen, prop: string): number {
  switch (prop) {
    case 'CardPower':
      return c.chars.power ?? 0;
    case 'CardToughness':
      return c.chars.toughness ?? 0;
    case 'CardManaCost':
    case 'CardCMC':
      return c.chars.cmc;
    case 'CardNumColors':
      return c.chars.colours.length;
    case 'CardNumTypes':
      return c.chars.cardTypes.length;
    default:
      break;
  }
  if (prop.startsWith('CardCounters.')) return c.counters[prop.slice(13)] ?? 0;
  unsupported(run.g, `card-value:${prop}`);
  return 0;
}

function countIn(run: Run, piles: string[], selector: string): number {
  let n = 0;
  for (const pile of piles) for (const id of run.g.s.zones[pile]!) if (matchesCard(run, selector, seen(run, run.g.s.objects[id]!))) n++;
  return n;
}

function host(run: Run) {
  return run.host ? maybeObj(run.g, run.host) : undefined;
}

/**
 * The characteristics of the ability's source: as it last existed when it has left its zone since
 * the ability was put on the stack (CR 113.7a, 608.2h). Aerie Ouphes sacrificed to its own ability
 * deals damage equal to its power as it was, not that of the new object persist returned.
 */
function sourceChars(run: Run): Chars | undefined {
  const h = host(run);
  const lki = run.item?.sourceLki;
  if (lki && lki.id === run.host && (!h || h.inc !== lki.inc)) return lki.chars;
  return h ? chars(run.g, h) : undefined;
}

/** Values of the `Count$` family. */
function countValue(run: Run, body: string, depth: number): number {
  const g = run.g;
  const you = run.you;
  const opp = opponent(you);
  const space = body.indexOf(' ');
  const head = space < 0 ? body : body.slice(0, space);
  const rest = space < 0 ? '' : body.slice(space + 1);
  const h = host(run);
  switch (head) {
    case 'xPaid':
      return run.item ? run.item.x : (h?.xPaid ?? 0);
    // The X announced for a cost with no mana X (`Announce$ X`, CR 601.2b: Huatli's −X), kept
    // on the stack item like a paid X.
    case 'XChoice':
      return run.item ? run.item.x : 0;
    case 'Valid':
      return countIn(run, ['battlefield'], rest);
    // The most permanents among those given that share one name (Mechanized Production's "eight
    // or more artifacts with the same name as one another"); a nameless one shares none (CR 201.2).
    case 'MostCardName': {
      const byName = new Map<string, number>();
      let most = 0;
      for (const id of g.s.zones['battlefield']!) {
        const o = g.s.objects[id]!;
        const sn = seen(run, o);
        if (sn.chars.name === '' || !matchesCard(run, rest, sn)) continue;
        const k = (byName.get(sn.chars.name) ?? 0) + 1;
        byName.set(sn.chars.name, k);
        most = Math.max(most, k);
      }
      return most;
    }
    case 'ValidGraveyard':
      return countIn(run, ['graveyard-0', 'graveyard-1'], rest);
    case 'ValidHand':
      return countIn(run, ['hand-0', 'hand-1'], rest);
    case 'ValidExile':
      return countIn(run, ['exile'], rest);
    case 'ValidLibrary':
      return countIn(run, ['library-0', 'library-1'], rest);
    case 'CardPower':
      return sourceChars(run)?.power ?? 0;
    case 'CardToughness':
      return sourceChars(run)?.toughness ?? 0;
    case 'CardManaCost':
      return sourceChars(run)?.cmc ?? 0;
    case 'YourLifeTotal':
      return g.s.players[you].life;
    case 'YourStartingLife':
      // The life the game began with (CR 103.4), not the life a board set-up gives a player:
      // Forge's `Player.getStartingLife` is the format's, which a puzzle's `HumanLife=` leaves alone.
      return g.config.startingLife ?? 20;
    case 'OppLifeTotal':
    case 'TargetedPlayerLifeTotal':
      return g.s.players[opp].life;
    case 'YourPoisonCounters':
      return g.s.players[you].poison;
    case 'InYourHand':
    case 'CardsInYourHand':
      return g.s.zones[`hand-${you}`]!.length;
    case 'InOppHand':
      return g.s.zones[`hand-${opp}`]!.length;
    case 'InYourYard':
      return g.s.zones[`graveyard-${you}`]!.length;
    case 'InYourLibrary':
      return g.s.zones[`library-${you}`]!.length;
    case 'InAllYards':
      return g.s.zones['graveyard-0']!.length + g.s.zones['graveyard-1']!.length;
    case 'ChosenNumber':
    case 'ChosenX':
      return h?.chosen.number ?? 0;
    case 'InChosenHand':
      return h?.chosen.player !== undefined ? g.s.zones[`hand-${h.chosen.player}`]!.length : 0;
    case 'TriggerRememberAmount':
      return (run.item?.remembered ?? []).reduce((n, r) => n + ('number' in r ? r.number : 0), 0);
    case 'RememberedSize':
      return h?.remembered.length ?? 0;
    // The older spelling of `Remembered$CardManaCost` (Living Lore's "the exiled card's mana
    // value", a characteristic-defining ability read in layer 7a, CR 604.3, 613.4a): the mana
    // values of the cards its host remembers, 0 when it remembers none.
    case 'RememberedCardManaCost':
      return cardsValue(run, definedCards(run, 'Remembered'), 'CardManaCost', depth);
    // Raid's "if you attacked this turn" (an ability word, CR 207.2c; `RaidTest`): the attackers the ability's
    // controller declared. Only the active player declares attackers (CR 508.1), so another
    // player attacked with none this turn (Bellowing Saddlebrute returning under the opponent's
    // control in your turn: they lose 4 life).
    case 'AttackersDeclared':
      return run.you === g.s.active ? g.s.turnFacts.attackersDeclared : 0;
    case 'LastStateBattlefield': {
      // The battlefield as it was before the event being replaced: without the permanent that
      // is entering (the fastlands' "unless you control two or fewer other lands", CR 614.12).
      const entering = run.replaced?.['card'];
      let n = 0;
      for (const id of g.s.zones['battlefield']!) if (id !== entering && matchesCard(run, rest, seen(run, g.s.objects[id]!))) n++;
      return n;
    }
    // The graveyards as they were before the event being replaced (Forge's `getLastStateGraveyard`):
    // what is there now and the cards that left a graveyard in the same move, so Golgari
    // Grave-Troll returned from your graveyard counts itself (its ruling; CR 614.1c, 614.12).
    case 'LastStateGraveyard': {
      let n = countIn(run, ['graveyard-0', 'graveyard-1'], rest);
      const left = run.replaced?.['leftGraveyards'];
      if (Array.isArray(left)) for (const l of left as Lki[]) if (matchesCard(run, rest, seenLki(run, l))) n++;
      return n;
    }
    case 'TotalOppDamageThisTurn':
      return g.s.turnFacts.playerDamage?.[opp] ?? 0;
    // The damage the host has dealt this turn, to anything (Rite of Consumption's "you gain life
    // equal to the damage dealt this way", read after its damage): the turn's tally by source.
    case 'TotalDamageDoneByThisTurn':
      return h ? (g.s.turnFacts.damageBy?.[`c${h.id}:${h.inc}`] ?? 0) : 0;
    // The poison counters the player's opponents have (Mycosynth Fiend, Viridian Betrayers).
    case 'TotalOppPoisonCounters':
      return g.s.players[opp].poison;
    case 'YourLifeGainedThisTurn':
    case 'LifeYouGainedThisTurn':
      return g.s.players[you].lifeGained;
    case 'YourLifeLostThisTurn':
    case 'LifeYouLostThisTurn':
      return g.s.players[you].lifeLost;
    case 'Domain': {
      const basics = ['Plains', 'Island', 'Swamp', 'Mountain', 'Forest'];
      let n = 0;
      for (const b of basics)
        if (
          g.s.zones['battlefield']!.some((id) => {
            const o = g.s.objects[id]!;
            const c = chars(g, o);
            return c.controller === you && c.subtypes.includes(b);
          })
        )
          n++;
      return n;
    }
    default:
      break;
  }
  const dot = body.indexOf('.');
  const word = dot < 0 ? body : body.slice(0, dot);
  const arg = dot < 0 ? '' : body.slice(dot + 1);
  switch (word) {
    case 'CardCounters':
      return h?.counters[arg] ?? 0;
    case 'TypeYouCtrl':
      return countIn(run, ['battlefield'], `${arg}.YouCtrl`);
    case 'TypeOppCtrl':
      return countIn(run, ['battlefield'], `${arg}.OppCtrl`);
    case 'TypeInYourYard':
      return countIn(run, [`graveyard-${you}`], arg);
    case 'TypeInAllYards':
      return countIn(run, ['graveyard-0', 'graveyard-1'], arg);
    // `Count$NamedInAllYards.Mind Burst`: the cards of that name in all graveyards.
    case 'NamedInAllYards': {
      let n = 0;
      for (const pile of ['graveyard-0', 'graveyard-1']) for (const id of g.s.zones[pile]!) if (chars(g, g.s.objects[id]!).name === arg) n++;
      return n;
    }
    case 'TypeInYourHand':
      return countIn(run, [`hand-${you}`], arg);
    case 'Blessing': {
      // `Count$Blessing.1.0`: the first number with the city's blessing (CR 702.131c), else the second.
      const [a, b] = arg.split('.');
      return evalNumber(run, g.s.players[you].blessing ? a : b, depth + 1);
    }
    // `Count$Madness.<A>.<B>`: A if the spell was cast for its madness cost (CR 702.35a: Welcome
    // to the Fold's "if its madness cost was paid"), else B.
    case 'Madness': {
      const [a, b] = arg.split('.');
      return evalNumber(run, (run.item?.way ?? h?.castWay) === 'madness' ? a : b, depth + 1);
    }
    case 'Kicked': {
      const [a, b] = arg.split('.');
      return evalNumber(run, (run.item?.kicked ?? h?.kicked) ? a : b, depth + 1);
    }
    // Converge: the number of colours of mana spent to cast it (noted as it was cast).
    case 'Converge':
      return h?.coloursSpent ?? 0;
    // The colours the player's untapped mana sources could make (an AI hint: Sunburst cards' `NeedsToPlayVar`).
    case 'UniqueManaColorsProduced': {
      const colours = new Set<string>();
      for (const s of manaSources(g, you)) for (const c of s.out.each ?? s.out.colours) if (c !== 'C') colours.add(c);
      return colours.size;
    }
    // How many times its kicker costs were paid (multikicker, CR 702.33c): one entry per payment.
    case 'TimesKicked':
      return (run.item?.kickers ?? h?.kickers)?.length ?? 0;
    // Replicate and conspire (CR 702.56a, 702.78a): what was paid for the spell whose casting
    // triggered the copy (the keyword modules' cast triggers), read off that spell on the stack.
    case 'TimesReplicated':
      return castSpellItem(run)?.replicated ?? 0;
    case 'Conspired':
      return castSpellItem(run)?.conspired ? 1 : 0;
    // Morbid (an ability word, CR 207.2c): `Count$Morbid.<A>.<B>` is A if a creature died this turn
    // (was put into a graveyard from the battlefield, CR 700.4), else B: any creature, either player's.
    case 'Morbid': {
      const [a, b] = arg.split('.');
      return evalNumber(run, creatureDiedThisTurn(run) ? a : b, depth + 1);
    }
    // Threshold (an ability word, CR 207.2c): `Count$Threshold.<A>.<B>` is A if seven or more cards
    // are in your graveyard, else B (Cabal Ritual's "Add {B}{B}{B}{B}{B} instead").
    case 'Threshold': {
      const [a, b] = arg.split('.');
      return evalNumber(run, g.s.zones[`graveyard-${you}`]!.length >= 7 ? a : b, depth + 1);
    }
    // Revolt (an ability word, CR 207.2c): `Count$Revolt.<A>.<B>` is A "if a permanent you
    // controlled left the battlefield this turn", else B (Fatal Push: "Destroy that creature if it
    // has mana value 4 or less instead"). Read from this turn's zone changes, with who controlled
    // the permanent as it left (CR 608.2h), the same test as the `Revolt$ True` condition.
    // Metalcraft (CR 207.2c): A "if you control three or more artifacts" (Galvanic Blast), read as
    // the spell resolves (CR 608.2h). Delirium (CR 207.2c): A "if there are four or more card types
    // among cards in your graveyard" (Might Beyond Reason).
    case 'Revolt':
    case 'Metalcraft':
    case 'Delirium': {
      const [a, b] = arg.split('.');
      return evalNumber(run, conditionWord(run, word) ? a : b, depth + 1);
    }
    // Landfall (CR 207.2c): `Count$Landfall.<A>.<B>` is A "if you had a land enter the
    // battlefield under your control this turn" (Groundswell's +4/+4), else B.
    case 'Landfall': {
      const [a, b] = arg.split('.');
      return evalNumber(run, landEnteredUnder(run, you) ? a : b, depth + 1);
    }
    // Devotion to two colours (CR 700.5a): the mana symbols among the mana costs of your permanents
    // that are either colour; a hybrid symbol of both counts once (`Count$DevotionDual.White.Blue`).
    case 'DevotionDual': {
      const [x, y] = arg.split('.').map((w) => COLOUR_LETTER[w] ?? w);
      return devotion(run, [x!, y!]);
    }
    case 'Devotion':
      return devotion(run, [COLOUR_LETTER[arg] ?? arg]);
    default:
      break;
  }
  // `SumPower_Creature.YouCtrl`, `SumCMC_Dragon.YouCtrl`: a characteristic summed over the
  // permanents a selector picks.
  const under = body.indexOf('_');
  const sum = under < 0 ? '' : body.slice(0, under);
  if (sum === 'SumPower' || sum === 'SumCMC') {
    const sel = body.slice(under + 1);
    let total = 0;
    for (const id of g.s.zones['battlefield']!) {
      const c = seen(run, g.s.objects[id]!);
      if (matchesCard(run, sel, c)) total += sum === 'SumPower' ? (c.chars.power ?? 0) : c.chars.cmc;
    }
    return total;
  }
  // `YourCountersEnergy`, `YourCountersExperience`: the player's own counters (CR 122.1).
  if (head.startsWith('YourCounters')) {
    const kind = head.slice(12).toUpperCase();
    return kind === 'POISON' ? g.s.players[you].poison : (g.s.players[you].counters?.[kind] ?? 0);
  }
  const turn = turnValue(run, head, rest, depth);
  if (turn !== undefined) return turn;
  unsupported(g, `count:${head}`);
  return 0;
}

const COLOUR_LETTER: Record<string, string> = { White: 'W', Blue: 'U', Black: 'B', Red: 'R', Green: 'G' };

/** Devotion (CR 700.5): the mana symbols of the given colours among the mana costs of the permanents you control, each symbol once. */
function devotion(run: Run, letters: string[]): number {
  const g = run.g;
  let n = 0;
  for (const id of g.s.zones['battlefield']!) {
    const c = chars(g, g.s.objects[id]!);
    if (c.controller !== run.you || !c.manaCost) continue;
    for (const shard of c.manaCost.split(/\s+/)) if (letters.some((l) => shard.includes(l))) n++;
  }
  return n;
}

/** Whether a creature died this turn (CR 700.4: put into a graveyard from the battlefield, a creature there). */
/**
 * The spell whose casting triggered the running ability, while it is on the stack (the copy
 * triggers of replicate and conspire), or the running spell itself. A copy of a spell is never
 * cast (CR 707.10), so it is never this.
 */
function castSpellItem(run: Run): StackItem | undefined {
  if (run.item?.kind === 'spell') return run.item;
  const spell = run.trigger?.spell;
  return spell === undefined ? undefined : run.g.s.stack.find((s) => s.kind === 'spell' && s.id === spell && !s.copy);
}

/**
 * Whether a land entered the battlefield under `seat`'s control this turn (landfall, CR 207.2c),
 * from this turn's zone changes (`turnFacts.entered`). The record keeps no controller for an
 * arrival, so the permanent says: as it is now if it is still that object on the battlefield, else
 * as it was when it left (the record of its leaving, CR 608.2h). Simplified: a land whose control
 * changed after it entered counts for its controller now (or when it left), not the one it entered
 * under.
 */
function landEnteredUnder(run: Run, seat: Seat): boolean {
  const g = run.g;
  const entered = g.s.turnFacts.entered ?? [];
  for (let i = 0; i < entered.length; i++) {
    const e = entered[i]!;
    if (e.to !== 'battlefield') continue;
    const o = maybeObj(g, e.id);
    if (o && o.inc === e.inc && o.zone === 'battlefield') {
      const c = chars(g, o);
      if (c.controller === seat && c.cardTypes.includes('Land')) return true;
      continue;
    }
    for (let j = i + 1; j < entered.length; j++) {
      const lki = entered[j]!.lki;
      if (entered[j]!.from !== 'battlefield' || !lki || lki.id !== e.id || lki.inc !== e.inc) continue;
      if (lki.controller === seat && lki.chars.cardTypes.includes('Land')) return true;
      break;
    }
  }
  return false;
}

function creatureDiedThisTurn(run: Run): boolean {
  return run.g.s.turnFacts.creaturesDied > 0;
}

const ZONE_WORDS: Record<string, string> = { Battlefield: 'battlefield', Graveyard: 'graveyard', Exile: 'exile', Hand: 'hand', Library: 'library' };

/**
 * `Count$` values about this turn's history and comparisons: `ThisTurnEntered_<Zone>[_from_<Zone>]_<Valid>`
 * (cards that changed zones this turn, as they were when they left the battlefield),
 * `ThisTurnCast_<Valid>` (spells cast this turn, as they were cast), `GreatestPower_<Valid>`,
 * `TypeOnBattlefield.<Type>` and `Compare <SVar> <CMP><N>.<A>.<B>` (A when the SVar compares so
 * with N, else B). Undefined for any other head.
 */
function turnValue(run: Run, head: string, rest: string, depth: number): number | undefined {
  const g = run.g;
  if (head.startsWith('ThisTurnEntered_')) {
    const parts = head.split('_');
    const to = ZONE_WORDS[parts[1] ?? ''];
    let i = 2;
    let from: string | undefined;
    if (parts[2] === 'from') {
      from = ZONE_WORDS[parts[3] ?? ''];
      i = 4;
    }
    if (to === undefined || (parts[2] === 'from' && from === undefined)) return undefined;
    const sel = parts.slice(i).join('_') || 'Card';
    let n = 0;
    for (const e of g.s.turnFacts.entered ?? []) {
      if (e.to !== to || (from !== undefined && e.from !== from)) continue;
      const o = maybeObj(g, e.id);
      const card = e.lki ? seenLki(run, e.lki) : o ? seen(run, o) : undefined;
      if (card && matchesCard(run, sel, card)) n++;
    }
    return n;
  }
  if (head === 'ThisTurnCast' || head.startsWith('ThisTurnCast_')) {
    const sel = head.slice('ThisTurnCast_'.length) || 'Card';
    return (g.s.turnFacts.cast ?? []).filter((l) => matchesCard(run, sel, seenLki(run, l))).length;
  }
  if (head.startsWith('GreatestPower_')) {
    const sel = head.slice('GreatestPower_'.length);
    let best = 0;
    for (const id of g.s.zones['battlefield']!) {
      const c = seen(run, g.s.objects[id]!);
      if (c.chars.cardTypes.includes('Creature') && matchesCard(run, sel, c)) best = Math.max(best, c.chars.power ?? 0);
    }
    return best;
  }
  if (head.startsWith('TypeOnBattlefield.')) return countIn(run, ['battlefield'], head.slice('TypeOnBattlefield.'.length));
  if (head === 'Compare') {
    const [name, test] = rest.trim().split(/\s+/);
    const m = /^(EQ|NE|LT|LE|GT|GE)([^.]+)\.([^.]+)\.([^.]+)$/.exec(test ?? '');
    if (!name || !m) return undefined;
    const v = evalNumber(run, name, depth + 1);
    const n = evalNumber(run, m[2], depth + 1);
    const holds = { EQ: v === n, NE: v !== n, LT: v < n, LE: v <= n, GT: v > n, GE: v >= n }[m[1] as 'EQ'];
    return evalNumber(run, holds ? m[3] : m[4], depth + 1);
  }
  return undefined;
}

/**
 * `TriggerCount$NumBlockers`: the creatures blocking the attacker of a "becomes blocked" trigger,
 * counted as the ability resolves, as any value of an effect is (CR 608.2h; for rampage, CR
 * 702.23b: "calculated only once per combat, when the triggered ability resolves"), so a blocker
 * removed in between no longer counts.
 */
function blockersOf(run: Run): number {
  const attacker = run.trigger?.attacker;
  const combat = run.g.s.combat;
  if (!attacker || !combat) return 0;
  const live = run.g.s.objects[attacker.id];
  if (!live || live.inc !== attacker.inc) return 0;
  return combat.blocks.filter((b) => b.attacker === attacker.id).length;
}

function evalExpression(run: Run, text: string, depth: number): number {
  const { source, body, math } = expressionForm(text);
  let n: number;
  switch (source) {
    case 'Number':
      // `Number$ChosenNumber` (Void, Squee's Revenge) names the host's chosen number, not a literal.
      n = body === 'ChosenNumber' ? countValue(run, body, depth) : Number(body);
      break;
    case 'SVar':
      n = evalNumber(run, body, depth + 1);
      break;
    case 'Count':
      n = countValue(run, body, depth);
      break;
    case 'TriggerCount':
      n =
        body === 'DamageAmount' || body === 'Amount' || body === 'LifeAmount' || body === 'CardsDrawn' || body === 'MonstrosityAmount'
          ? (run.trigger?.amount ?? 0)
          : body === 'CastSACMC'
            ? (run.trigger?.card?.chars.cmc ?? 0)
            : body === 'NumBlockers'
              ? blockersOf(run)
              : 0;
      break;
    case 'ReplaceCount':
      n = typeof run.replaced?.['amount'] === 'number' ? run.replaced['amount'] : 0;
      break;
    case 'PlayerCountPlayers':
      n = 2;
      break;
    case 'PlayerCountOpponents':
      n = body === 'Amount' ? 1 : playerCount(run, [opponent(run.you)], body);
      break;
    // A property of the player whose ability it is (Hollow One's "each card you've cycled or discarded this turn").
    case 'PlayerCountPropertyYou':
      n = playerCount(run, [run.you], body);
      break;
    case 'TargetedObjects':
      n = (run.item?.targets ?? []).reduce((a, l) => a + l.length, 0);
      break;
    case 'TargetedPlayer':
      n = playerCount(run, definedPlayers(run, 'TargetedPlayer'), body);
      break;
    case 'TriggeredPlayer':
      n = playerCount(run, definedPlayers(run, 'TriggeredPlayer'), body);
      break;
    default: {
      // `Targeted$CardPower`, `Remembered$Amount`, `Sacrificed$CardManaCost`, `TriggeredCard$CardPower`.
      // `ParentTargeted$`: the targets of the ability this one is a sub-ability of.
      const cards =
        source === 'RememberedLKI'
          ? definedCards(run, 'Remembered').map((c) => seenLki(run, c))
          : definedCards(run, source === 'ParentTargeted' ? 'ParentTarget' : source);
      n = cardsValue(run, cards, body, depth);
    }
  }
  return applyMath(run, n, math, depth);
}

function playerCount(run: Run, seats: Seat[], body: string): number {
  const g = run.g;
  // Blood Baron of Vizkopa's "an opponent has 10 or less life": the lowest among them.
  if (body === 'LowestLifeTotal') return seats.length === 0 ? 0 : Math.min(...seats.map((s) => g.s.players[s].life));
  // Akuta's "more cards in hand than each opponent": the most cards in any one of their hands.
  if (body === 'HighestCardsInHand') return Math.max(0, ...seats.map((s) => g.s.zones[`hand-${s}`]!.length));
  let n = 0;
  for (const s of seats) {
    switch (body) {
      case 'CardsInHand':
        n += g.s.zones[`hand-${s}`]!.length;
        break;
      case 'LifeTotal':
        n += g.s.players[s].life;
        break;
      case 'CardsInGraveyard':
        n += g.s.zones[`graveyard-${s}`]!.length;
        break;
      case 'PoisonCounters':
        n += g.s.players[s].poison;
        break;
      case 'CardsInLibrary':
        n += g.s.zones[`library-${s}`]!.length;
        break;
      // Cards the player discarded this turn, cycling's discards among them (CR 702.29a).
      case 'CardsDiscardedThisTurn':
        n += g.s.turnFacts.discarded?.[s] ?? 0;
        break;
      case 'Amount':
        n += 1;
        break;
      default:
        // Corpse Augur's "creature cards in target player's graveyard": that player's graveyard,
        // with `YouOwn` read from that player's side.
        if (body.startsWith('ValidGraveyard ')) {
          n += countIn({ ...run, you: s }, [`graveyard-${s}`], body.slice('ValidGraveyard '.length));
        } else if (body.startsWith('HighestValid ') || body.startsWith('Valid ')) {
          const sel = body.slice(body.indexOf(' ') + 1);
          n = Math.max(n, countIn({ ...run, you: s }, ['battlefield'], sel.includes('YouCtrl') ? sel : `${sel}`));
        } else unsupported(g, `player-value:${body}`);
    }
  }
  return n;
}

// The value forms implemented above, registered for the coverage report.
for (const symbol of [
  'count:xPaid',
  'count:XChoice',
  'count:MostCardName',
  'count:Valid',
  'count:ValidGraveyard',
  'count:ValidHand',
  'count:ValidExile',
  'count:ValidLibrary',
  'count:CardPower',
  'count:CardToughness',
  'count:CardManaCost',
  'count:CardCounters',
  'count:YourLifeTotal',
  'count:YourStartingLife',
  'count:OppLifeTotal',
  'count:InYourHand',
  'count:InYourYard',
  'count:InYourLibrary',
  'count:InAllYards',
  'count:TypeYouCtrl',
  'count:TypeInYourYard',
  'count:TypeInAllYards',
  'count:TypeInYourHand',
  'count:Kicked',
  'count:TimesKicked',
  'count:TimesReplicated',
  'count:Conspired',
  'count:NamedInAllYards',
  'count:Converge',
  'count:UniqueManaColorsProduced',
  'count:ChosenNumber',
  'count:RememberedSize',
  'count:RememberedCardManaCost',
  'count:AttackersDeclared',
  'count:Domain',
  'count:Devotion',
  'count:TriggerCount$DamageAmount',
  'count:ReplaceCount$DamageAmount',
  'count:ReplaceCount$CounterNum',
  'count:ReplaceCount$TokenNum',
  'count:Remembered$Amount',
  'count:Remembered$CardPower',
  'count:Remembered$CardManaCost',
  'count:RememberedLKI$CardPower',
  'count:Targeted$CardPower',
  'count:Targeted$CardToughness',
  'count:Targeted$CardManaCost',
  'count:Targeted$Amount',
  'count:Targeted$Valid',
  'count:TargetedPlayer$CardsInHand',
  'count:TargetedPlayer$LifeTotal',
  'count:TargetedPlayer$PoisonCounters',
  'count:TriggeredCard$CardPower',
  'count:TriggeredCard$CardManaCost',
  'count:TriggeredCard$CardToughness',
  'count:Sacrificed$CardPower',
  'count:Sacrificed$CardManaCost',
  'count:Sacrificed$CardToughness',
  'count:PlayerCountPlayers$Amount',
  'count:PlayerCountOpponents$Amount',
  'count:PlayerCountOpponents$HighestValid',
  'count:TargetedObjects$Amount',
  'count:Remembered$Valid',
  'count:InChosenHand',
  'count:TriggerRememberAmount',
  'count:ChosenX',
  'count:TriggeredCard$CardCounters',
  'count:SumPower',
  'count:SumCMC',
  'count:YourCountersEnergy',
  'count:YourCountersExperience',
  'count:ExiledCards$Amount',
  'count:Sacrificed$Amount',
  'count:ThisTurnEntered',
  'count:LastStateBattlefield',
  'count:TriggeredSource$CardPower',
  'count:TriggeredSource$CardToughness',
  'count:Blessing',
  'count:TotalOppDamageThisTurn',
  'count:ThisTurnCast',
  'count:GreatestPower',
  'count:TypeOnBattlefield',
  'count:Compare',
  'count:CardsInYourHand',
  'count:TriggerCount$LifeAmount',
  'count:TriggerCount$Amount',
  'count:TriggerCount$CastSACMC',
  'count:TriggerCount$NumBlockers',
  'count:TriggerCount$MonstrosityAmount',
  'count:Imprinted$CardPower',
  'count:TargetedPlayer$CardsInLibrary',
  'count:TargetedPlayer$ValidGraveyard',
  'count:ParentTargeted$CardPower',
  'count:RememberedLKI$CardToughness',
  'count:LifeYouGainedThisTurn',
  'count:LifeYouLostThisTurn',
  'count:Morbid',
  'count:Threshold',
  'count:Revolt',
  'count:Landfall',
  'count:Metalcraft',
  'count:Delirium',
  'count:DevotionDual',
  'count:TotalDamageDoneByThisTurn',
  'count:TotalOppPoisonCounters',
  'count:Madness',
  'count:PlayerCountPropertyYou$CardsDiscardedThisTurn',
  'count:PlayerCountOpponents$LowestLifeTotal',
  'count:PlayerCountOpponents$HighestCardsInHand',
  'count:Remembered$CardToughness',
  'count:TriggeredPlayer$CardsInHand',
  'count:Discarded$CardManaCost',
  'count:LastStateGraveyard',
]) {
  registerPrimitive(symbol);
}
