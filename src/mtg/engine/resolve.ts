/**
 * Resolving spells and abilities (CR 608) and the effect registry. An ability is a chain of
 * nodes: the spell or ability node, the modes chosen for a charm (CR 700.2), and the
 * `SubAbility$` links, each node's effect run in order with its own targets. Each effect API
 * (`DealDamage`, `Draw`, ...) is a small module under `effects/` registered by name with
 * {@link registerEffect}, which also registers `api:<Name>` with the card compiler so the coverage
 * report counts it.
 */
import { ascendAsSpellResolves } from './ascend.js';
import type { Seat } from './choice.js';
import { askYesNo, type Gen, type YesNoAbout, type YesNoEffect } from './ask.js';
import { isPermanentChars, param, resolveNode, svarNode, type NodeRef } from './cards.js';
import { maybeObj, opponent, touch, unsupported, type G, type Run } from './context.js';
import { conditionsHold, resolveConditionsHold } from './conditions.js';
import { definedPlayers } from './defined.js';
import { chars } from './layers.js';
import { chooseTargets, stillLegal, targetSpec } from './targets.js';
import { changeZone, attach, attachToPlayer, live } from './actions.js';
import { emptyItem, PERMANENT_SPELL } from './stackitem.js';
import { nonManaBlocker, parseCost, payNonMana, manaOf, canPayMana, payMana, chooseX, maxX } from './costs.js';
import { removeStackCard } from './stackops.js';
import type { Ref, StackItem } from './types.js';
import { declareParamReads, registerPrimitive } from '../cards/index.js';
import { evalNumber } from './values.js';
import { fusedRight } from './fuse.js';
import { grantManaKeywords } from './mana-grants.js';

// What runNode reads on every ability node, whatever its API.
declareParamReads('engine:resolve', ['NoResolvingCheck'], ['trigger']);
declareParamReads(
  'engine:resolve',
  ['OptionalDecider', 'UnlessCost', 'UnlessPayer', 'UnlessSwitched', 'UnlessResolveSubs', 'RememberTargets', 'ForgetOtherTargets'],
  ['ability'],
);
// `Static$ True` on an ability node is Forge's mark for "without using the stack" (its
// CardTraitBase.isStatic). A spell is always put on the stack (CR 601.2a) and a sub-ability
// always happens as part of the resolution of the ability it belongs to, never on the stack of
// its own (CR 608.2c): Necromantic Summons's spell-mastery counters, Harmless Offering's
// remembering of its target, Delif's Cube's exile of its effect card are done where they are
// written either way, and Forge's newer scripts drop the mark with no change of play. On a
// `DelayedTrigger` node the mark is the delayed trigger's own: when it triggers it resolves at
// once, as any `Static$ True` trigger (cast.ts resolveStaticTriggers reads it from the node).
declareParamReads('engine:resolve', ['Static'], ['ability']);

/** A run with the node being resolved. */
export type ResolveRun = Run & { ref: NodeRef };

/** Context an effect gets beside its run. */
export type EffectContext = { etb: boolean; cause: Ref | null };

/** An effect API's implementation. */
export type EffectFn = (run: ResolveRun, ctx: EffectContext) => Gen<void>;

const EFFECTS = new Map<string, EffectFn>();

/**
 * Registers an effect API: the engine runs `fn` for nodes whose API is `api`, and the card
 * compiler's coverage report counts `api:<api>` as supported, with the parameters it reads.
 *
 * @example
 * ```ts
 * registerEffect('GainLife', function* (run) { ... }, { reads: ['LifeAmount', 'Defined'] });
 * ```
 */
export function registerEffect(api: string, fn: EffectFn, options: { reads?: string[] } = {}): void {
  EFFECTS.set(api, fn);
  registerPrimitive(`api:${api}`, { reads: options.reads ?? [] });
}

/**
 * Whether an effect API is implemented.
 *
 * @example
 * ```ts
 * effectKnown('DealDamage'); // true
 * ```
 */
export function effectKnown(api: string): boolean {
  return EFFECTS.has(api);
}

/**
 * The registered effect APIs, sorted.
 *
 * @example
 * ```ts
 * registeredEffects().includes('Draw'); // true
 * ```
 */
export function registeredEffects(): string[] {
  return [...EFFECTS.keys()].sort();
}

/**
 * The chain of nodes an ability runs, in order: the node, the chosen modes of a charm with their
 * own sub-abilities, then its `SubAbility$` chain.
 */
const chains = new WeakMap<object, Map<string, NodeRef[]>>();

/**
 * @example
 * ```ts
 * chainOf(g, resolveNode(registry, 'Swords to Plowshares|0|a|0'), null).map((r) => r.node.head); // ['ChangeZone', 'GainLife', 'Cleanup']
 * ```
 */
export function chainOf(g: G, root: NodeRef, modes: readonly string[] | null): NodeRef[] {
  // A chain depends only on the cards: cache it per registry (callers never change it).
  let cache = chains.get(g.registry);
  if (!cache) chains.set(g.registry, (cache = new Map()));
  const key = modes ? `${root.key}\u0000${modes.join('\u0000')}` : root.key;
  let chain = cache.get(key);
  if (!chain) cache.set(key, (chain = buildChain(g, root, modes)));
  return chain;
}

/**
 * The chain a stack item runs from its root: {@link chainOf}, and for a fused split spell the
 * right half's chain after the left half's (CR 702.102d), then the chains of the cards spliced
 * onto it (CR 702.47b), cached like it.
 *
 * @example
 * ```ts
 * itemChain(g, item, resolveNode(g.registry, item.node)).map((r) => r.node.head); // ['Animate', 'DealDamage'] for a fused Turn // Burn
 * ```
 */
export function itemChain(g: G, item: Pick<StackItem, 'modes' | 'fused' | 'spliced'>, root: NodeRef): NodeRef[] {
  const left = chainOf(g, root, item.modes);
  if (!item.fused && !item.spliced) return left;
  const cache = chains.get(g.registry)!;
  let key = item.fused ? `${root.key}\u0000fused` : root.key;
  if (item.spliced) key = `${key}\u0000${item.modes?.join('\u0000') ?? ''}\u0000spliced\u0000${item.spliced.join('\u0000')}`;
  let chain = cache.get(key);
  if (!chain) {
    const right = item.fused ? fusedRight(g, root) : undefined;
    chain = right ? [...left, ...chainOf(g, right, null)] : left;
    // Spliced text runs after the spell's own instructions, in the order spliced (CR 702.47b).
    for (const spliced of item.spliced ?? []) chain = [...chain, ...chainOf(g, resolveNode(g.registry, spliced), null)];
    cache.set(key, chain);
  }
  return chain;
}

function buildChain(g: G, root: NodeRef, modes: readonly string[] | null): NodeRef[] {
  const out: NodeRef[] = [];
  const walk = (ref: NodeRef, depth: number): void => {
    if (depth > 24) return;
    out.push(ref);
    if (ref.node.head === 'Charm' && modes) for (const m of modes) walk(resolveNode(g.registry, m), depth + 1);
    const sub = param(ref, 'SubAbility');
    const next = sub ? svarNode(g.registry, ref, sub) : undefined;
    if (next) walk(next, depth + 1);
  };
  walk(root, 0);
  return out;
}

/**
 * Whether a node targets.
 *
 * @example
 * ```ts
 * targets(resolveNode(registry, 'Lightning Bolt|0|a|0')); // true
 * ```
 */
export function targets(ref: NodeRef): boolean {
  return param(ref, 'ValidTgts') !== undefined;
}

/**
 * Runs a node's effect: its conditions (CR 608.2c: a failed condition skips this node only), an
 * optional "you may", an "unless a player pays" cost, then the registered effect. Returns how
 * many of the nodes after it in the chain to skip: its own sub-abilities, when `UnlessResolveSubs$`
 * runs them only on one answer to its "unless" cost.
 */
function* runNode(g: G, run: ResolveRun, ctx: EffectContext): Gen<number> {
  const ref = run.ref;
  if (!resolveConditionsHold(run, ref)) return 0;
  const decider = param(ref, 'OptionalDecider');
  if (decider !== undefined && ref.node.kind === 'ability') {
    const who = definedPlayers(run, decider)[0] ?? run.you;
    const hostObj = maybeObj(g, run.host);
    const about = aboutNodes(g, run, 'optional', [[ref, run.pos ?? 0]]);
    if (!(yield* askYesNo(g, who, `${hostObj ? chars(g, hostObj).name : 'Effect'}: use this effect?`, about))) return 0;
  }
  const unless = param(ref, 'UnlessCost');
  let skip = 0;
  if (unless !== undefined) {
    const payers = definedPlayers(run, param(ref, 'UnlessPayer') ?? 'TargetedController');
    const switched = param(ref, 'UnlessSwitched') === 'True';
    let paid = false;
    for (const payer of payers.length > 0 ? payers : [opponent(run.you)]) {
      if (yield* offerUnlessCost(g, run, payer, unless, aboutNodes(g, run, switched ? 'pay' : 'unless', [[ref, run.pos ?? 0]]))) {
        paid = true;
        break;
      }
    }
    // `UnlessResolveSubs$ WhenPaid` / `WhenNotPaid`: the rest of the ability happens on that answer
    // only ("pay {E}{E}. If you can't, return it to its owner's hand": Greenbelt Rampager); without
    // it the rest happens either way, as Forge's `handleUnlessCost` plays it.
    const subs = param(ref, 'UnlessResolveSubs');
    if (subs !== undefined && subs !== (paid ? 'WhenPaid' : 'WhenNotPaid')) skip = subChainLength(g, ref);
    if (paid !== switched) return skip;
  }
  if (param(ref, 'RememberTargets') === 'True') rememberTargets(g, run, param(ref, 'ForgetOtherTargets') === 'True');
  const fn = EFFECTS.get(ref.node.head);
  if (!fn) {
    unsupported(g, `api:${ref.node.head}`);
    return skip;
  }
  yield* fn(run, ctx);
  touch(g);
  return skip;
}

/** How many nodes follow a node in its chain through `SubAbility$` (its sub-abilities; see `buildChain`). */
function subChainLength(g: G, ref: NodeRef): number {
  return chainOf(g, ref, null).length - 1;
}

/**
 * As a triggered ability resolves, its optional parts are asked (CR 603.5): "you may"
 * (`OptionalDecider$` on the trigger), then a cost written on its ability ("you may pay {R}. If
 * you do, ..."). Declined or unpaid, the ability does nothing.
 */
function* triggerGoesAhead(g: G, run0: Run, item: StackItem, root: NodeRef, name: string): Gen<boolean> {
  const trigger = item.triggerNode ? resolveNode(g.registry, item.triggerNode) : undefined;
  // CR 603.4: a trigger's condition ("if ...", written IsPresent$, CheckSVar$ ...) is checked
  // again as it resolves, and the ability does nothing if it no longer holds. Forge marks the
  // conditions that are not an intervening "if" with `NoResolvingCheck$` (battalion: "whenever
  // this and at least two other creatures attack"), checked only when the event happens.
  if (trigger && param(trigger, 'NoResolvingCheck') !== 'True' && !conditionsHold({ ...run0, ref: trigger }, trigger)) return false;
  const decider = trigger ? param(trigger, 'OptionalDecider') : undefined;
  if (trigger && decider !== undefined) {
    const who = definedPlayers({ ...run0, ref: trigger }, decider)[0] ?? item.controller;
    if (!(yield* askYesNo(g, who, `${name}: use this ability?`, aboutNodes(g, run0, 'optional', chainNodes(run0))))) return false;
  }
  const cost = param(root, 'Cost');
  if (cost === undefined || cost.trim() === '0') return true;
  return yield* offerUnlessCost(g, { ...run0, ref: root, pos: 0 }, item.controller, cost, aboutNodes(g, run0, 'pay', chainNodes(run0)), item);
}

/**
 * `RememberTargets$ True`: the host remembers this node's targets as the effect begins, before
 * any of them moves, so a later "that creature" (`Defined$ Remembered`) finds it; with
 * `ForgetOtherTargets$ True` what it remembered before is forgotten first.
 */
function rememberTargets(g: G, run: ResolveRun, forgetOthers: boolean): void {
  const host = maybeObj(g, run.host);
  if (!host) return;
  if (forgetOthers) host.remembered = [];
  for (const t of run.item?.targets[run.pos ?? 0] ?? []) host.remembered.push(t);
  touch(g);
}

/** The nodes of a run's chain with their positions (a charm's own node decides nothing). */
function chainNodes(run: Run): Array<[NodeRef, number]> {
  return (run.chain ?? []).map((ref, pos): [NodeRef, number] => [ref, pos]).filter(([ref]) => ref.node.head !== 'Charm');
}

/**
 * What a yes-no about these nodes decides, for the controller asked (ask.ts): each node's API,
 * its chosen targets and its parameters as written. Read only: nothing is evaluated, so asking
 * changes nothing in the game.
 */
export function aboutNodes(g: G, run: Run, kind: YesNoAbout['kind'], nodes: ReadonlyArray<[NodeRef, number]>): YesNoAbout {
  const host = maybeObj(g, run.host);
  const effects = nodes.map(([ref, pos]): YesNoEffect => {
    const targets: YesNoEffect['targets'] = [];
    for (const t of run.item?.targets[pos] ?? []) {
      if ('player' in t) targets.push({ player: t.player });
      const o = 'card' in t ? maybeObj(g, t.card) : undefined;
      if (o && 'card' in t && o.inc === t.inc) {
        const c = chars(g, o);
        targets.push({ card: o.id, name: c.name, controller: o.zone === 'battlefield' ? c.controller : o.controller });
      }
    }
    const e: YesNoEffect = { api: ref.node.head, targets };
    const defined = param(ref, 'Defined');
    const amount = param(ref, 'NumDmg') ?? param(ref, 'LifeAmount') ?? param(ref, 'NumCards') ?? param(ref, 'Amount');
    const valid = param(ref, 'SacValid');
    if (defined !== undefined) e.defined = defined;
    if (amount !== undefined) e.amount = amount;
    if (valid !== undefined) e.valid = valid;
    return e;
  });
  return { kind, source: host ? { id: host.id, name: chars(g, host).name } : null, controller: run.you, effects };
}

/**
 * Offers a player the chance to pay an "unless" cost; true if they paid. `own`: the cost is the
 * triggered ability's own ("you may pay {X}{R}. If you do, ...": Tilonalli's Summoner), whose X
 * the payer chooses after saying yes (CR 107.3, as for a cost being paid, 601.2b), kept as the
 * item's X for `Count$xPaid`; an "unless" cost's X is the spell's.
 */
function* offerUnlessCost(g: G, run: ResolveRun, payer: Seat, text: string, about: YesNoAbout, own?: StackItem): Gen<boolean> {
  const prun: Run = { ...run, you: payer };
  // One capital letter names an SVar (`UnlessCost$ Y`), unless it is a mana symbol ({R}, CR 107.4a).
  const cost = parseCost(/^[A-Z]$/.test(text) && !/^[WUBRGC]$/.test(text) ? String(evalUnlessX(run, text)) : text);
  const chooses = own !== undefined && cost.xCount > 0;
  let mana = manaOf(cost, chooses ? 0 : (run.item?.x ?? 0));
  // The ability's source pays a cost that names it (Living Lore's "you may sacrifice it. If you
  // do, ...": `Sac<1/CARDNAME>`), if it is still there to pay it (CR 118.3).
  const host = maybeObj(g, run.host);
  if (nonManaBlocker(g, prun, cost, host) !== null) return false;
  if ((mana.generic > 0 || mana.shards.length > 0) && !canPayMana(g, payer, mana)) return false;
  // A mandatory cost is paid whenever it can be: the payer is not asked (Forge's
  // `payCostToPreventEffect` asks only when the cost is not mandatory).
  if (!cost.mandatory && !(yield* askYesNo(g, payer, `Pay ${text}?`, { ...about, cost: text, mana: mana.generic + mana.shards.length }))) return false;
  if (chooses) {
    own.x = yield* chooseX(g, payer, Math.max(0, maxX(g, payer, cost, { generic: 0, shards: [] })));
    mana = manaOf(cost, own.x);
  }
  if (mana.generic > 0 || mana.shards.length > 0) {
    if (!(yield* payMana(g, payer, mana))) return false;
  }
  const item = run.item ?? emptyItem(g, g.s.objects[run.host]!, payer, run.ref.key, 'ability');
  yield* payNonMana(g, prun, cost, host, item);
  return true;
}

function evalUnlessX(run: ResolveRun, text: string): number {
  // `UnlessCost$ X` names an SVar of the node's face.
  return Math.max(0, evalNumber(run, text));
}

/**
 * Runs an ability that is not on the stack (a replacement's `ReplaceWith$`, an "as it enters"
 * ability, a trigger's sub-branch): its node and `SubAbility$` chain, choosing any targets as it
 * goes.
 * @example
 * ```ts
 * yield* runAbility(g, { g, you: 0, host: o.id, ref }, null);
 * ```
 */
export function* runAbility(g: G, run: ResolveRun, cause: Ref | null, opts: { etb?: boolean } = {}): Gen<void> {
  const host = maybeObj(g, run.host);
  const item = run.item ?? (host ? emptyItem(g, host, run.you, run.ref.key, 'ability') : null);
  const chain = chainOf(g, run.ref, null);
  const base = item ? item.targets.length : 0;
  for (let i = 0; i < chain.length; i++) {
    const ref = chain[i]!;
    const pos = base + i;
    const r: ResolveRun = { ...run, ref, ...(item ? { item } : {}), pos, chain: [...(run.chain ?? []).slice(0, base), ...chain] };
    if (item && targets(ref) && item.targets[pos] === undefined) {
      const spec = targetSpec(r, ref);
      if (spec && !(yield* chooseTargets(g, r, spec, item, pos))) continue;
    }
    i += yield* runNode(g, r, { etb: opts.etb ?? false, cause });
  }
}

/**
 * Runs a sub-ability named by a parameter (`WinSubAbility$`, `Execute$`), if present.
 *
 * @example
 * ```ts
 * yield* runSub(g, run, won ? 'WinSubAbility' : 'LoseSubAbility');
 * ```
 */
export function* runSub(g: G, run: ResolveRun, key: string, cause: Ref | null = null): Gen<void> {
  const name = param(run.ref, key);
  const ref = name ? svarNode(g.registry, run.ref, name) : undefined;
  if (ref) yield* runAbility(g, { ...run, ref, pos: run.item?.targets.length ?? 0 }, cause);
}

/**
 * Resolves the top of the stack (CR 608.2): targets are checked again; if every target is now
 * illegal the spell or ability does nothing ("fizzles", CR 608.2b); a permanent spell enters the
 * battlefield (CR 608.3), an Aura attached to its target; otherwise each node of the chain
 * happens in order, and an instant or sorcery goes to its owner's graveyard (CR 608.2n).
 * @example
 * ```ts
 * yield* resolveTop(g); // the top spell or ability resolves (CR 608)
 * ```
 */
export function* resolveTop(g: G): Gen<void> {
  const item = g.s.stack[g.s.stack.length - 1];
  if (!item) return;
  const root: NodeRef | undefined = item.node === PERMANENT_SPELL ? undefined : resolveNode(g.registry, item.node);
  const chain = root ? itemChain(g, item, root) : [];
  const card = item.kind === 'spell' ? maybeObj(g, item.source) : undefined;
  const run0: Run = { g, you: item.controller, host: item.source, item, chain, trigger: item.trigger };
  let hadTargets = false;
  let anyLegal = false;
  for (let p = 0; p < chain.length; p++) {
    const list = item.targets[p];
    if (!list || list.length === 0) continue;
    hadTargets = true;
    const spec = targetSpec({ ...run0, ref: chain[p]!, pos: p }, chain[p]!);
    const legal = spec ? list.filter((t) => stillLegal(g, { ...run0, ref: chain[p]!, pos: p }, spec, t)) : list;
    if (legal.length > 0) anyLegal = true;
    item.targets[p] = legal;
  }
  // A bestowed Aura spell whose target is illegal ceases to be bestowed and resolves as the
  // creature spell it is (CR 702.103e, 608.3b): it enters unattached rather than fizzling.
  if (hadTargets && !anyLegal && card?.bestowed) {
    delete card.bestowed;
    touch(g);
    hadTargets = false;
  }
  g.actions.push({ type: 'Resolve', item: item.id, countered: hadTargets && !anyLegal });
  const name = card ? chars(g, card).name : item.text;
  if (hadTargets && !anyLegal) {
    g.events.push({ type: 'Countered', seat: item.controller, card: item.source, name, fizzled: true });
    yield* removeStackCard(g, item, 'graveyard');
    return;
  }
  ascendAsSpellResolves(g, item, card);
  if (card && item.kind === 'spell' && isPermanentChars(chars(g, card)) && !item.copy) {
    g.s.stack = g.s.stack.filter((s) => s !== item);
    const [entered] = yield* changeZone(g, [card], 'battlefield', {
      controller: item.controller,
      fromSpell: true,
      attachedByCaller: root?.node.head === 'Attach',
    });
    if (entered?.zone === 'battlefield') grantManaKeywords(g, entered);
    if (entered && root?.node.head === 'Attach') {
      const t = item.targets[0]?.[0];
      // An Aura spell targeting a player (Enchant player, CR 303.4a) resolves attached to them (303.4f).
      if (t && 'player' in t) attachToPlayer(g, entered, t.player);
      else {
        const target = t ? live(g, t) : undefined;
        if (target) attach(g, entered, target);
      }
    }
    g.events.push({ type: 'Resolved', seat: item.controller, card: item.source, name });
    return;
  }
  const go = item.kind !== 'trigger' || !root || (yield* triggerGoesAhead(g, run0, item, root, name));
  for (let p = 0; go && p < chain.length; p++) {
    const ref = chain[p]!;
    if (ref.node.head === 'Charm') continue;
    p += yield* runNode(g, { ...run0, ref, pos: p }, { etb: false, cause: { card: item.source, inc: item.sourceInc } });
    if (g.s.over) break;
  }
  g.events.push({ type: 'Resolved', seat: item.controller, card: item.source, name });
  if (g.s.stack.includes(item)) yield* removeStackCard(g, item, 'graveyard', { resolved: true });
}

// A permanent card whose spell is written as `SP$ PermanentCreature` / `PermanentNoncreature`
// (Headless Skaab, Bridge from Below) names that spell only to give it a `Cost$` with an
// additional cost (CR 601.2f) or an `AILogic$`: the spell is the card's permanent spell, which
// `resolveTop` puts onto the battlefield (CR 608.3) without running the node. The node itself does
// nothing, as a copy of a plain permanent spell (an empty chain) does nothing here either.
for (const api of ['PermanentCreature', 'PermanentNoncreature']) registerEffect(api, function* () {}, { reads: [] });
