/**
 * What an Aura can enchant (CR 303.4a, 303.4d): the restriction of its Enchant keywords and the
 * host's protections. Its own module so that the moves (actions.ts) can ask it of an Aura as it
 * enters (CR 303.4f) without loading the state-based actions, which check it afterwards.
 */
import type { Seat } from './choice.js';
import { keywordOf } from './cards.js';
import type { G, Run } from './context.js';
import { chars, selectorIsPlain } from './layers.js';
import { matchesCard, seen } from './select.js';
import { protectedFrom } from './replacement.js';
import type { GameObject } from './types.js';

/** The restriction an "Enchant …" keyword puts on what an Aura can be attached to (CR 303.4a). */
function enchantSelector(text: string): string | null {
  const t = text.trim().toLowerCase();
  const map: Record<string, string> = {
    creature: 'Creature',
    land: 'Land',
    artifact: 'Artifact',
    enchantment: 'Enchantment',
    permanent: 'Permanent',
    planeswalker: 'Planeswalker',
    'creature you control': 'Creature.YouCtrl',
    'creature an opponent controls': 'Creature.OppCtrl',
    'land you control': 'Land.YouCtrl',
    'artifact or creature': 'Artifact,Creature',
    'creature or land': 'Creature,Land',
    'nonland permanent': 'Permanent.nonLand',
    wall: 'Wall',
    forest: 'Forest',
    island: 'Island',
    swamp: 'Swamp',
    mountain: 'Mountain',
    plains: 'Plains',
    'artifact creature': 'Creature.Artifact',
    'tapped creature': 'Creature.tapped',
    'basic land': 'Land.Basic',
  };
  return map[t] ?? null;
}

/** What an "Enchant player" / "Enchant opponent" Aura may enchant (CR 303.4a), or null for an object restriction. */
function enchantPlayerWord(text: string): 'player' | 'opponent' | null {
  const t = text.trim().toLowerCase();
  return t === 'player' ? 'player' : t === 'opponent' ? 'opponent' : null;
}

/**
 * Whether an Aura attached to a player is still legal (CR 303.4d, 704.5m): each of its Enchant
 * keywords must allow a player — "Enchant opponent" one other than the Aura's controller — and the
 * player must still be in the game (CR 800.4a).
 */
export function auraOnPlayerLegal(g: G, aura: GameObject, seat: Seat): boolean {
  const c = chars(g, aura);
  let any = false;
  for (const k of c.keywords) {
    const kw = keywordOf(k);
    if (kw.name !== 'Enchant') continue;
    const word = enchantPlayerWord(kw.args[0] ?? '');
    if (word === null || (word === 'opponent' && seat === c.controller)) return false;
    any = true;
  }
  return any && !g.s.players[seat].lost;
}

/**
 * "Enchant creature card in a graveyard" (Animate Dead, Dance of the Dead; CR 303.4a): the one
 * Enchant restriction that names a card off the battlefield, which the Aura stays attached to
 * there until its enters trigger returns the card.
 */
const GRAVEYARD_CARD = 'creature card in a graveyard';
/**
 * What that Aura gains instead as it returns the card: "Enchant creature put onto the battlefield
 * with CARDNAME" — the creature it remembers returning (its `RememberChanged$`), no other.
 */
const PUT_WITH = 'creature put onto the battlefield with ';

/**
 * Whether an Aura could enchant `host` (CR 303.4a, 303.4d): its Enchant keyword's restriction
 * allows it and the host has no protection from it (CR 702.16c). Also asked of an Aura not yet on
 * the battlefield, which an effect would put there attached to `host` (CR 303.4f–g).
 *
 * @example
 * ```ts
 * canEnchant(g, gryffsBoon, bears); // true: "Enchant creature"
 * ```
 */
export function canEnchant(g: G, aura: GameObject, host: GameObject): boolean {
  const c = chars(g, aura);
  for (const k of c.keywords) {
    const kw = keywordOf(k);
    if (kw.name !== 'Enchant') continue;
    // An Aura that can enchant only a player cannot enchant an object (CR 303.4a, 303.4d).
    if (enchantPlayerWord(kw.args[0] ?? '') !== null) return false;
    const text = (kw.args[0] ?? '').trim().toLowerCase();
    const inGraveyard = host.zone.startsWith('graveyard');
    if (text === GRAVEYARD_CARD) {
      if (!inGraveyard || !chars(g, host).cardTypes.includes('Creature')) return false;
      continue;
    }
    // Every other restriction is of a permanent.
    if (inGraveyard) return false;
    if (text.startsWith(PUT_WITH)) {
      if (!chars(g, host).cardTypes.includes('Creature') || !aura.remembered.some((r) => 'card' in r && r.card === host.id && r.inc === host.inc)) return false;
      continue;
    }
    const sel = enchantSelector(kw.args[0] ?? '');
    // A restriction that reads more than characteristics ("Enchant tapped creature") can change
    // with a quiet change (context.ts touchQuiet), so the state-based actions are checked again after one.
    if (sel && !selectorIsPlain(sel)) g.cache.sbaVolatile = true;
    const run: Run = { g, you: c.controller, host: aura.id };
    if (sel && !matchesCard(run, sel, seen(run, host))) return false;
  }
  if (protectedFrom(g, host, seen({ g, you: c.controller, host: aura.id }, aura))) return false;
  return true;
}
