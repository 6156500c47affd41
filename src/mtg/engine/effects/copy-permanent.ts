/**
 * `CopyPermanent`: create `NumCopies$` (1) tokens that are copies of a permanent (CR 707.2: the
 * copiable values, which for a copy are what it copies, CR 707.3), under your control or the
 * `Controller$` player's. What is copied: the targets, else `Defined$` (the host by default; a
 * card that left is copied as it last was), else — with `Choices$` (or `Populate$`, CR 701.30:
 * a creature token you control) — the one you choose. `AddTypes$` joins the copiable values;
 * `Keywords$` and `PumpKeywords$` are granted for good; `SetPower$`/`SetToughness$`/`SetColor$`/
 * `SetCreatureTypes$` are the printed "except it's a 4/4 black Zombie", so they are copiable
 * values too (CR 707.9b): another copy of the token copies them, and an effect that sets a type
 * of the token's controller sees the token's types (The Scarab God's token under Arcane
 * Adaptation); the creature types they set replace the copied ones. `Tapped$` makes
 * them enter tapped; `RememberCopied$` and `ImprintCopied$` keep them on the host; `AtEOT$`
 * exiles or sacrifices them later (at-eot.ts). `Embalm$`/`Eternalize$` write the keywords'
 * exceptions into the copiable values (CR 707.9b).
 *
 * Not implemented: `AtEOTTrig$` (the tokens' own "at the beginning of the end step, sacrifice
 * this"). A node with it creates nothing and is recorded in `game.unsupported`, rather than
 * leaving the tokens for good.
 */
import { askYesNo } from '../ask.js';
import { param, splitKeywords } from '../cards.js';
import { createTokens } from '../actions.js';
import { touch, unsupported } from '../context.js';
import { definedCards, definedPlayers } from '../defined.js';
import { chars, colourLetters } from '../layers.js';
import { registerEffect } from '../resolve.js';
import { objectMatches } from '../select.js';
import { tokenDefinition } from './token.js';
import { copiable } from './clone.js';
import { evalNumber } from '../values.js';
import { addEffect, affectedCards, amount, cardsIn, chooseCards, hasTargets, hostObject, remember } from './util.js';
import type { CopyExceptions, GameObject, Mods } from '../types.js';
import { atEndOfTurn } from './at-eot.js';

registerEffect(
  'CopyPermanent',
  function* (run) {
    const g = run.g;
    if (param(run.ref, 'AtEOTTrig') !== undefined) {
      unsupported(g, 'param:CopyPermanent AtEOTTrig');
      return;
    }
    if (param(run.ref, 'Optional') === 'True' && !(yield* askYesNo(g, run.you, 'Create a token that is a copy?'))) return;
    const controllerText = param(run.ref, 'Controller');
    const controller = controllerText === undefined ? run.you : (definedPlayers(run, controllerText)[0] ?? run.you);
    const n = Math.max(0, amount(run, 'NumCopies', 1));
    let originals: GameObject[];
    const choices = param(run.ref, 'Choices') ?? (param(run.ref, 'Populate') === 'True' ? 'Creature.token+YouCtrl' : undefined);
    if (choices !== undefined) {
      const pool = cardsIn(g, 'battlefield').filter((o) => objectMatches(run, choices, o));
      originals = yield* chooseCards(g, run.you, 'Choose a permanent to copy', pool, 1);
    } else if (hasTargets(run)) originals = affectedCards(run);
    else
      originals = definedCards(run, param(run.ref, 'Defined') ?? 'Self').flatMap((s) => {
        // A card that left is copied as it last was: its object keeps the card it was (CR 707.2).
        const o = s.live ?? g.s.objects[s.id];
        return o ? [o] : [];
      });
    const types = param(run.ref, 'AddTypes');
    const mods: Mods = {};
    const kws = [...splitAnd(param(run.ref, 'Keywords')), ...splitAnd(param(run.ref, 'PumpKeywords'))].flatMap((k) => splitKeywords(k));
    if (kws.length > 0) mods.addKeywords = kws;
    // Embalm and eternalize (CR 702.128a, 702.129a) make the token's copiable values different
    // (CR 707.9b): "except it's a white Zombie … with no mana cost"; "a 4/4 black Zombie".
    const except: CopyExceptions =
      param(run.ref, 'Embalm') === 'True'
        ? { colours: ['W'], subtypes: ['Zombie'], noManaCost: true }
        : param(run.ref, 'Eternalize') === 'True'
          ? { colours: ['B'], subtypes: ['Zombie'], noManaCost: true, power: 4, toughness: 4 }
          : {};
    const setP = param(run.ref, 'SetPower');
    const setT = param(run.ref, 'SetToughness');
    if (setP !== undefined) except.power = evalNumber(run, setP);
    if (setT !== undefined) except.toughness = evalNumber(run, setT);
    const colour = param(run.ref, 'SetColor');
    if (colour !== undefined) except.colours = colourLetters(colour);
    const creatureTypes = param(run.ref, 'SetCreatureTypes');
    if (creatureTypes !== undefined) except.creatureTypes = creatureTypes.split(/[ ,]+/).filter((t) => t !== '');
    const excepted = Object.keys(except).length > 0;
    const made: GameObject[] = [];
    for (const original of originals) {
      const values = copiable(original);
      const typed = types ? { ...values, addTypes: [...(values.addTypes ?? []), ...types.split(/[,&]/).map((t) => t.trim())] } : values;
      const copyOf = excepted ? { ...typed, except: { ...typed.except, ...except } } : typed;
      const name = chars(g, original).name;
      const def = tokenDefinition({ name, types: [], colours: '', power: null, toughness: null, keywords: [] });
      made.push(...(yield* createTokens(g, def, controller, n, { tapped: param(run.ref, 'Tapped') === 'True', card: original.card, copyOf })));
    }
    addEffect(run, made, mods, { until: 'forever' });
    atEndOfTurn(run, made);
    const refs = made.map((o) => ({ card: o.id, inc: o.inc }));
    if (param(run.ref, 'RememberCopied') === 'True') remember(run, refs);
    const h = hostObject(run);
    if (h && param(run.ref, 'ImprintCopied') === 'True') {
      h.imprinted.push(...refs);
      touch(g);
    }
  },
  {
    // `AtEOTTrig$` is read only to refuse it: not declared, so its cards are not counted
    // faithful (test/mtg/cards/param-reads.test.ts lists it).
    reads: [
      'Optional',
      'Controller',
      'NumCopies',
      'Choices',
      'Populate',
      'Defined',
      'ValidTgts',
      'AddTypes',
      'Keywords',
      'PumpKeywords',
      'SetPower',
      'SetToughness',
      'SetColor',
      'SetCreatureTypes',
      'Tapped',
      'RememberCopied',
      'ImprintCopied',
      'AtEOT',
      'Embalm',
      'Eternalize',
    ],
  },
);

function splitAnd(text: string | undefined): string[] {
  return text === undefined ? [] : text.split(' & ').map((s) => s.trim());
}
