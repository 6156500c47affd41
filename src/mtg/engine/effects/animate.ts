/**
 * `Animate`: targets or `Defined$` permanents become creatures (or gain types) with `Power$` /
 * `Toughness$` (layer 7b), `Types$` (layer 4), `Colors$` (layer 5), `Keywords$` and abilities
 * (layer 6), until end of turn unless `Permanent$ True`.
 */
import { param, splitKeywords, svarKeys } from '../cards.js';
import { colourLetters } from '../layers.js';
import { registerEffect, type ResolveRun } from '../resolve.js';
import { evalNumber } from '../values.js';
import { addEffect, affectedCards, durationOf, hostObject } from './util.js';
import { atEndOfTurn } from './at-eot.js';
import type { Mods } from '../types.js';

/** The parameters {@link animateMods} reads. */
export const ANIMATE_READS = [
  'Power',
  'Toughness',
  'Types',
  'RemoveCardTypes',
  'RemoveCreatureTypes',
  'RemoveLandTypes',
  'RemoveIntrinsicAbilities',
  'Colors',
  'OverwriteColors',
  'Keywords',
  'RemoveKeywords',
  'HiddenKeywords',
  'RemoveAllAbilities',
  'Abilities',
  'OverwriteSpells',
  'Triggers',
  'staticAbilities',
];

/**
 * What `Animate` and `AnimateAll` give, read from the node's parameters.
 *
 * @example
 * ```ts
 * animateMods(run); // { setPower: 3, setToughness: 3, addTypes: ['Creature'] } for Forests becoming 3/3 creatures
 * ```
 */
export function animateMods(run: ResolveRun): Mods {
  const mods: Mods = {};
  const p = param(run.ref, 'Power');
  const t = param(run.ref, 'Toughness');
  if (p !== undefined) mods.setPower = evalNumber(run, p);
  if (t !== undefined) mods.setToughness = evalNumber(run, t);
  const types = param(run.ref, 'Types');
  if (types !== undefined) mods.addTypes = types.split(',').map((s) => s.trim());
  // "Becomes the basic land type of your choice" (Dream Thrush), "each creature you control
  // becomes that type" (Standardize): the type chosen (by ChooseType) as it resolved.
  if (mods.addTypes?.includes('ChosenType')) {
    const chosen = hostObject(run)?.chosen.type;
    mods.addTypes = mods.addTypes.flatMap((t) => (t !== 'ChosenType' ? [t] : chosen === undefined ? [] : [chosen]));
  }
  const removed: string[] = [];
  if (param(run.ref, 'RemoveCardTypes') === 'True') removed.push('Artifact', 'Enchantment', 'Land', 'Planeswalker');
  if (removed.length) mods.removeTypes = removed.filter((x) => !(mods.addTypes ?? []).includes(x));
  if (param(run.ref, 'RemoveCreatureTypes') === 'True') mods.removeCreatureTypes = true;
  // "Target land becomes a Swamp" (CR 305.7): setting a land's subtype replaces its old land
  // types, and it loses the abilities it had from its rules text and old types; it gets the new
  // basic type's intrinsic mana ability (CR 305.6). Layer 4's `removeLandTypes` /
  // `removeIntrinsic` (as Blood Moon's static does) do exactly that.
  if (param(run.ref, 'RemoveLandTypes') === 'True') mods.removeLandTypes = true;
  if (param(run.ref, 'RemoveIntrinsicAbilities') === 'True') mods.removeIntrinsic = true;
  const colours = param(run.ref, 'Colors');
  if (colours !== undefined) {
    if (param(run.ref, 'OverwriteColors') === 'True') mods.setColours = colourLetters(colours);
    else mods.addColours = colourLetters(colours);
  }
  const kws = param(run.ref, 'Keywords');
  if (kws !== undefined) mods.addKeywords = splitKeywords(kws);
  // Removed before the added ones are added (layers.ts): Animate Dead trades "enchant creature card
  // in a graveyard" for "enchant creature put onto the battlefield with CARDNAME".
  const removeKw = param(run.ref, 'RemoveKeywords');
  if (removeKw !== undefined) mods.removeKeywords = removeKw.split(' & ').flatMap((k) => splitKeywords(k));
  // `HiddenKeywords$` (Creeping Tar Pit's "can't be blocked this turn", Neko-Te's "doesn't untap"):
  // Forge grants them as keywords it does not print; by the rules they are abilities the
  // permanent has like any other (CR 613.1f, layer 6), so they join the granted keywords. The
  // census asks a `kw:` primitive for each value, so an unimplemented one keeps the card unfaithful.
  const hidden = param(run.ref, 'HiddenKeywords');
  if (hidden !== undefined) mods.addKeywords = [...(mods.addKeywords ?? []), ...splitKeywords(hidden)];
  if (param(run.ref, 'RemoveAllAbilities') === 'True') mods.removeAllAbilities = true;
  const abilities = param(run.ref, 'Abilities');
  if (abilities !== undefined) mods.addAbilities = svarKeys(run.ref, abilities);
  // `OverwriteSpells$` (Animate Dead, Cloudform): the `SP$` abilities of `Abilities$` replace the
  // card's own spell: it becomes an Aura cast as that one says, were it cast while the effect lasts.
  if (param(run.ref, 'OverwriteSpells') === 'True') mods.overwriteSpells = true;
  const triggers = param(run.ref, 'Triggers');
  if (triggers !== undefined) mods.addTriggers = svarKeys(run.ref, triggers);
  const statics = param(run.ref, 'staticAbilities') ?? param(run.ref, 'StaticAbilities');
  if (statics !== undefined) mods.addStatics = svarKeys(run.ref, statics);
  return mods;
}

registerEffect(
  'Animate',
  function* (run) {
    const mods = animateMods(run);
    const cards = affectedCards(run).filter((o) => o.zone === 'battlefield');
    addEffect(run, cards, mods, durationOf(run));
    atEndOfTurn(run, cards);
  },
  { reads: [...ANIMATE_READS, 'Defined', 'ValidTgts', 'Permanent', 'Duration', 'UntilYourNextUpkeep', 'AtEOT'] },
);
