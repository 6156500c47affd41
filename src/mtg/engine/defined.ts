/**
 * `Defined$` and its kin (`DefinedPlayer$`, `TokenOwner$`, `DamageSource$`): which cards or
 * players a parameter names, relative to the ability being resolved (Forge's
 * `AbilityUtils.getDefinedCards` / `getDefinedPlayers`). Cards come back as {@link Seen}, so a
 * card that has left its zone is still read through its last-known information (CR 608.2h).
 */
import type { Seat } from './choice.js';
import { maybeObj, opponent, unsupported, type Run } from './context.js';
import { chars } from './layers.js';
import { matchesCard, matchesPlayer, rememberedOf, seen, seenLki, type Seen } from './select.js';
import type { Lki, Ref } from './types.js';
import { param } from './cards.js';

/** The targets of the nearest ability in the chain, from `run.pos` up, that targets (Forge's `Targeted`). */
function chainTargets(run: Run): Ref[] {
  const item = run.item;
  if (!item) return [];
  const chain = run.chain ?? [];
  for (let p = run.pos ?? 0; p >= 0; p--) {
    const ref = chain[p];
    if (ref && (param(ref, 'ValidTgts') !== undefined || param(ref, 'TgtPrompt') !== undefined || param(ref, 'TargetType') !== undefined))
      return item.targets[p] ?? [];
    // Targets at a position with no node, or at a node without target parameters: the latter
    // only a set-up precast's preset target on an ability that does not target (Forge's
    // `ExecuteScript:DBEffect->101`, whose `RememberObjects$ Targeted` reads it).
    if ((item.targets[p]?.length ?? 0) > 0) return item.targets[p]!;
  }
  return [];
}

function refToSeen(run: Run, r: Ref): Seen | undefined {
  if (!('card' in r)) return undefined;
  const o = maybeObj(run.g, r.card);
  if (o && o.inc === r.inc) return seen(run, o);
  if (r.lki) return seenLki(run, r.lki);
  return undefined;
}

function lkiToSeen(run: Run, l: Lki | undefined): Seen[] {
  return l ? [seenLki(run, l)] : [];
}

/** The planeswalker the triggering attacker attacks, or null when it attacks a player. */
function attackedPlaneswalker(run: Run): number | null {
  const id = run.trigger?.attacker?.id;
  return run.g.s.combat?.attackers.find((a) => a.id === id)?.planeswalker ?? null;
}

function host(run: Run) {
  return run.host ? maybeObj(run.g, run.host) : undefined;
}

/**
 * The cards a `Defined$`-style value names.
 *
 * @example
 * ```ts
 * definedCards(run, 'Targeted'); // the targeted creature, as it is now (or as it last was)
 * ```
 */
export function definedCards(run: Run, text: string | undefined): Seen[] {
  if (text === undefined) return [];
  const g = run.g;
  const dot = text.indexOf('.');
  // `Remembered.Creature`: a definition filtered by a restriction.
  if (dot > 0 && !text.startsWith('Valid') && /^[A-Za-z]+$/.test(text.slice(0, dot))) {
    const base = definedCards(run, text.slice(0, dot));
    const filter = `Card.${text.slice(dot + 1)}`;
    return base.filter((c) => matchesCard(run, filter, c));
  }
  const h = host(run);
  switch (text) {
    case 'Self':
    case 'CorrectedSelf':
    case 'OriginalHost':
      return h ? [seen(run, h)] : [];
    case 'Targeted':
    case 'TargetedCard':
    case 'ThisTargetedCard':
    case 'ParentTarget':
      return (text === 'ThisTargetedCard' ? (run.item?.targets[run.pos ?? 0] ?? []) : text === 'ParentTarget' ? parentTargets(run) : chainTargets(run))
        .map((r) => refToSeen(run, r))
        .filter((x): x is Seen => x !== undefined);
    case 'Remembered':
    case 'DirectRemembered':
    case 'RememberedLKI':
    case 'RememberedFirst':
    case 'RememberedCard': // Forge's "the remembered objects that are cards" (Abbot of Keral Keep's exiled card)
      // A leaves-the-battlefield ability reads what its card remembered as it left (CR 603.10a:
      // Champion's return, Oblivion Ring's), not the new object's empty list (CR 400.7).
      return rememberedOf(run)
        .map((r) => refToSeen(run, r))
        .filter((x): x is Seen => x !== undefined)
        .slice(0, text === 'RememberedFirst' ? 1 : undefined);
    case 'DelayTriggerRemembered':
    case 'DelayTriggerRememberedLKI':
      return (run.item?.remembered ?? []).map((r) => refToSeen(run, r)).filter((x): x is Seen => x !== undefined);
    case 'Imprinted':
      return (h?.imprinted ?? []).map((r) => refToSeen(run, r)).filter((x): x is Seen => x !== undefined);
    case 'Enchanted':
    case 'Equipped':
    case 'AttachedTo': {
      // A source that has left the battlefield (an Aura sacrificed to pay its own cost: Stamina's
      // "Sacrifice Stamina: Regenerate enchanted creature") names what it was attached to as it
      // last existed there (CR 113.7a, 608.2h).
      const lki = run.item?.sourceLki;
      const left = (!h || h.zone !== 'battlefield') && lki?.zone === 'battlefield' ? lki.attachedTo : null;
      const at = h?.attachedTo ?? left;
      const t = at ? maybeObj(g, at) : undefined;
      return t ? [seen(run, t)] : [];
    }
    case 'TriggeredCard':
    case 'TriggeredCardLKICopy':
    case 'TriggeredNewCardLKICopy':
      return triggeredCard(run);
    case 'TriggeredAttacker':
    case 'TriggeredAttackerLKICopy':
      return lkiToSeen(run, run.trigger?.attacker ?? run.trigger?.card);
    case 'TriggeredDefender': {
      // The planeswalker the triggering attacker attacks (CR 508.1b), if it attacks one; the
      // player is `definedPlayers` (Cavalcade of Calamity, Raid Bombardment).
      const pw = attackedPlaneswalker(run);
      const o = pw === null ? undefined : maybeObj(g, pw);
      return o ? [seen(run, o)] : [];
    }
    case 'TriggeredBlocker':
    case 'TriggeredBlockerLKICopy':
      return lkiToSeen(run, run.trigger?.blocker ?? run.trigger?.card);
    case 'TriggeredSource':
    case 'TriggeredSourceLKICopy':
      return lkiToSeen(run, run.trigger?.source);
    case 'TriggeredTarget': {
      const t = run.trigger?.target;
      const s = t ? refToSeen(run, t) : undefined;
      return s ? [s] : [];
    }
    case 'TriggeredSpellAbilityTargets':
      return [];
    case 'ReplacedCard': {
      const id = run.replaced?.['card'];
      const o = typeof id === 'number' ? maybeObj(g, id) : undefined;
      return o ? [seen(run, o)] : [];
    }
    case 'ReplacedSource': {
      const id = run.replaced?.['source'];
      const o = typeof id === 'number' ? maybeObj(g, id) : undefined;
      return o ? [seen(run, o)] : [];
    }
    case 'Sacrificed':
      return (run.item?.paid.sacrificed ?? []).map((l) => seenLki(run, l));
    case 'Discarded':
      return (run.item?.paid.discarded ?? []).map((l) => seenLki(run, l));
    case 'ExiledCards':
      return (run.item?.paid.exiled ?? []).map((l) => seenLki(run, l));
    case 'Tapped':
      return (run.item?.paid.tapped ?? []).map((l) => seenLki(run, l));
    case 'ChosenCard':
      return (h?.chosen.cards ?? []).map((r) => refToSeen(run, r)).filter((x): x is Seen => x !== undefined);
    case 'Parent':
      return [];
    case 'TopOfLibrary': {
      const top = g.s.zones[`library-${run.you}`]![0];
      const o = top !== undefined ? maybeObj(g, top) : undefined;
      return o ? [seen(run, o)] : [];
    }
    case 'EffectSource': {
      const src = h?.effect ? maybeObj(g, h.effect.source) : undefined;
      return src ? [seen(run, src)] : [];
    }
    default:
      break;
  }
  if (text.startsWith('Valid ') || text.startsWith('ValidAll ') || text.startsWith('ValidBattlefield ')) {
    const sel = text.slice(text.indexOf(' ') + 1);
    const zones = text.startsWith('ValidAll ') ? ['battlefield', 'graveyard-0', 'graveyard-1', 'exile', 'hand-0', 'hand-1'] : ['battlefield'];
    const out: Seen[] = [];
    for (const z of zones)
      for (const id of g.s.zones[z]!) {
        const s = seen(run, g.s.objects[id]!);
        if (matchesCard(run, sel, s)) out.push(s);
      }
    return out;
  }
  for (const [prefix, zone] of [
    ['ValidGraveyard ', 'graveyard'],
    ['ValidHand ', 'hand'],
    ['ValidExile ', 'exile'],
    ['ValidLibrary ', 'library'],
  ] as const) {
    if (!text.startsWith(prefix)) continue;
    const sel = text.slice(prefix.length);
    const out: Seen[] = [];
    const piles = zone === 'exile' ? ['exile'] : [`${zone}-0`, `${zone}-1`];
    for (const p of piles)
      for (const id of g.s.zones[p]!) {
        const s = seen(run, g.s.objects[id]!);
        if (matchesCard(run, sel, s)) out.push(s);
      }
    return out;
  }
  if (!PLAYER_WORDS.has(text)) unsupported(g, `defined:${text}`);
  return [];
}

/** Definitions that name players: as card definitions they name no card. */
const PLAYER_WORDS = new Set([
  'You',
  'Opponent',
  'Player',
  'Each',
  'TargetedPlayer',
  'TargetedController',
  'TargetedOwner',
  'TriggeredPlayer',
  'TriggeredActivator',
  'TriggeredCardController',
  'TriggeredCardOwner',
  'ChosenPlayer',
  'DefendingPlayer',
  'ActivePlayer',
  'NonActivePlayer',
  'RememberedController',
  'RememberedOwner',
  'EnchantedController',
  'EnchantedPlayer',
  'EnchantedOwner',
  'Controller',
  'CardOwner',
  'Owner',
  'TriggeredDefendingPlayer',
  'TriggeredAttackerController',
  'TriggeredSourceController',
  'TriggeredTargetController',
  'ImprintedController',
  'ImprintedOwner',
  'Player.Opponent',
  'Activator',
  'SourceController',
  'OpponentOf You',
  'ThisTargetedPlayer',
  'TriggeredBlockerController',
  'ReplacedController',
  'EquippedController',
  'TriggeredSpellAbilityController',
]);

function parentTargets(run: Run): Ref[] {
  const pos = run.pos ?? 0;
  return chainTargets({ ...run, pos: Math.max(0, pos - 1) });
}

function triggeredCard(run: Run): Seen[] {
  const t = run.trigger;
  if (!t?.card) return [];
  const s = seenLki(run, t.card);
  // A zone-change trigger finds the new object the card became in the public zone it moved to,
  // while it is still there (CR 400.7e): "when it dies, return it to its owner's hand".
  if (s.live === null && t.moved) {
    const o = maybeObj(run.g, t.moved.card);
    if (o && o.inc === t.moved.inc) return [{ ...s, live: o }];
  }
  return [s];
}

function unique(seats: Seat[]): Seat[] {
  const out: Seat[] = [];
  for (const s of seats) if (!out.includes(s)) out.push(s);
  return out;
}

/**
 * The players a `Defined$`-style value names.
 *
 * @example
 * ```ts
 * definedPlayers(run, 'TargetedController'); // [1] when the target is the opponent's creature
 * ```
 */
export function definedPlayers(run: Run, text: string | undefined): Seat[] {
  if (text === undefined) return [run.you];
  const g = run.g;
  const h = host(run);
  const ofCards = (cards: Seen[], which: 'controller' | 'owner'): Seat[] => unique(cards.map((c) => c[which]));
  switch (text) {
    case 'You':
    case 'Controller':
    case 'Activator':
      return [run.you];
    case 'Opponent':
    case 'Player.Opponent':
    case 'OpponentOf You':
      return [opponent(run.you)];
    case 'Player':
    case 'Each':
      return [0, 1];
    case 'Targeted':
    case 'TargetedPlayer':
    case 'ThisTargetedPlayer':
    case 'ParentTarget': {
      const list = text === 'ThisTargetedPlayer' ? (run.item?.targets[run.pos ?? 0] ?? []) : text === 'ParentTarget' ? parentTargets(run) : chainTargets(run);
      return unique(list.filter((r): r is { player: Seat } => 'player' in r).map((r) => r.player));
    }
    case 'TargetedController':
      return ofCards(definedCards(run, 'Targeted'), 'controller');
    case 'TriggeredDefender':
      // The player the triggering attacker attacks (CR 508.1b); none when it attacks a planeswalker.
      return run.trigger?.defender === undefined || attackedPlaneswalker(run) !== null ? [] : [run.trigger.defender];
    case 'TargetedAndYou':
      return unique([...definedPlayers(run, 'TargetedPlayer'), run.you]);
    case 'TargetedOwner':
      return ofCards(definedCards(run, 'Targeted'), 'owner');
    case 'Remembered':
      return unique(
        rememberedOf(run)
          .filter((r): r is { player: Seat } => 'player' in r)
          .map((r) => r.player),
      );
    case 'RememberedCard':
      return [];
    case 'RememberedController':
      return ofCards(definedCards(run, 'Remembered'), 'controller');
    case 'RememberedOwner':
      return ofCards(definedCards(run, 'Remembered'), 'owner');
    case 'DelayTriggerRemembered':
      return unique((run.item?.remembered ?? []).filter((r): r is { player: Seat } => 'player' in r).map((r) => r.player));
    case 'ImprintedController':
      return ofCards(definedCards(run, 'Imprinted'), 'controller');
    case 'ImprintedOwner':
      return ofCards(definedCards(run, 'Imprinted'), 'owner');
    case 'TriggeredPlayer':
    case 'TriggeredActivator':
    case 'TriggeredDefendingPlayer': {
      const t = run.trigger;
      if (t?.player !== undefined) return [t.player];
      if (t?.defender !== undefined) return [t.defender];
      return [];
    }
    // The controller of the spell whose casting triggered this (Precursor Golem's "that player
    // copies that spell"): its caster controls it (CR 601.2a) unless an effect gave it away since.
    case 'TriggeredSpellAbilityController': {
      const spell = run.trigger?.spell;
      const item = spell === undefined ? undefined : g.s.stack.find((s) => s.id === spell);
      if (item) return [item.controller];
      return run.trigger?.player === undefined ? [] : [run.trigger.player];
    }
    case 'TriggeredCardController':
    case 'TriggeredAttackerController':
      return ofCards(definedCards(run, text === 'TriggeredCardController' ? 'TriggeredCard' : 'TriggeredAttacker'), 'controller');
    case 'TriggeredCardOwner':
      return ofCards(definedCards(run, 'TriggeredCard'), 'owner');
    case 'TriggeredBlockerController':
      return ofCards(definedCards(run, 'TriggeredBlocker'), 'controller');
    case 'TriggeredSourceController':
      return ofCards(definedCards(run, 'TriggeredSource'), 'controller');
    case 'TriggeredTarget': {
      const t = run.trigger?.target;
      return t && 'player' in t ? [t.player] : [];
    }
    // The controller of the object the trigger was about (a DamageDone trigger's damaged creature).
    case 'TriggeredTargetController':
      return ofCards(definedCards(run, 'TriggeredTarget'), 'controller');
    // "Enchanted player" (CR 303.4): the player an Aura with Enchant player is attached to.
    case 'EnchantedPlayer':
      return h?.zone === 'battlefield' && h.attachedToPlayer !== undefined ? [h.attachedToPlayer] : [];
    case 'EnchantedController':
    case 'EquippedController': {
      // An Aura enchanting a player has that player as its "enchanted controller" (Forge's reading).
      if (text === 'EnchantedController' && h?.zone === 'battlefield' && h.attachedToPlayer !== undefined) return [h.attachedToPlayer];
      return ofCards(definedCards(run, 'Enchanted'), 'controller');
    }
    case 'EnchantedOwner':
      return ofCards(definedCards(run, 'Enchanted'), 'owner');
    case 'DefendingPlayer':
      return g.s.combat ? [opponent(g.s.active)] : [opponent(run.you)];
    case 'ChosenPlayer':
      return h?.chosen.player !== undefined ? [h.chosen.player] : [];
    case 'ActivePlayer':
      return [g.s.active];
    case 'NonActivePlayer':
      return [opponent(g.s.active)];
    case 'CardOwner':
    case 'Owner':
      return h ? [h.owner] : [];
    case 'SourceController':
      return h ? [chars(g, h).controller] : [run.you];
    case 'ReplacedController': {
      const c = definedCards(run, 'ReplacedCard');
      return ofCards(c, 'controller');
    }
    default:
      break;
  }
  if (text.startsWith('Player.') || text.startsWith('Opponent.')) {
    return ([0, 1] as Seat[]).filter((s) => matchesPlayer(run, text, s));
  }
  unsupported(g, `defined-player:${text}`);
  return [];
}
