/**
 * `Token` (CR 111): `TokenAmount$` tokens defined inline (`TokenName$`, `TokenTypes$`,
 * `TokenColors$`, `TokenPower$`, `TokenToughness$`, `TokenKeywords$`, `TokenAbilities$`, ...) or
 * by `TokenScript$`, for `TokenOwner$` (you by default).
 */
import { param, splitKeywords } from '../cards.js';
import { createTokens } from '../actions.js';
import { definedPlayers } from '../defined.js';
import { colourLetters } from '../layers.js';
import { registerEffect, type ResolveRun } from '../resolve.js';
import { evalNumber } from '../values.js';
import { remember } from './util.js';
import type { TokenDef } from '../types.js';

const CARD_TYPES = new Set(['Artifact', 'Creature', 'Enchantment', 'Land', 'Planeswalker', 'Instant', 'Sorcery', 'Tribal']);
const SUPERTYPES = new Set(['Legendary', 'Basic', 'Snow', 'World']);

/** A token definition from a node's `Token…$` parameters. */
function tokenDef(run: ResolveRun): TokenDef {
  const [card, face] = run.ref.key.split('|') as [string, string];
  const svar = (name: string) => `${card}|${face}|v|${name.trim()}`;
  const list = (key: string) => (param(run.ref, key) ?? '').split(/[,&]/).map((s) => s.trim()).filter((s) => s !== '');
  const types = list('TokenTypes');
  const pt = (key: string) => {
    const v = param(run.ref, key);
    return v === undefined ? null : evalNumber(run, v);
  };
  const script = param(run.ref, 'TokenScript');
  return {
    name: param(run.ref, 'TokenName') ?? types.filter((t) => !CARD_TYPES.has(t) && !SUPERTYPES.has(t)).join(' ') ?? 'Token',
    colours: colourLetters(param(run.ref, 'TokenColors') ?? ''),
    types: { supertypes: types.filter((t) => SUPERTYPES.has(t)), cardTypes: types.filter((t) => CARD_TYPES.has(t)), subtypes: types.filter((t) => !CARD_TYPES.has(t) && !SUPERTYPES.has(t)) },
    power: pt('TokenPower'),
    toughness: pt('TokenToughness'),
    keywords: splitKeywords(param(run.ref, 'TokenKeywords') ?? ''),
    abilities: list('TokenAbilities').map(svar),
    triggers: list('TokenTriggers').map(svar),
    statics: list('TokenStaticAbilities').map(svar),
    replacements: list('TokenReplacements').map(svar),
    svarsFrom: { card, face: Number(face) },
    ...(script ? { script: `token:${script}` } : {}),
  };
}

registerEffect(
  'Token',
  function* (run) {
    const def = tokenDef(run);
    const n = param(run.ref, 'TokenAmount') === undefined ? 1 : evalNumber(run, param(run.ref, 'TokenAmount'));
    const owners = param(run.ref, 'TokenOwner') !== undefined ? definedPlayers(run, param(run.ref, 'TokenOwner')) : [run.you];
    for (const owner of owners) {
      const made = yield* createTokens(run.g, def, owner, Math.max(0, n), { tapped: param(run.ref, 'TokenTapped') === 'True' });
      if (param(run.ref, 'RememberTokens') === 'True') remember(run, made.map((o) => ({ card: o.id, inc: o.inc })));
    }
  },
  {
    reads: ['TokenName', 'TokenTypes', 'TokenColors', 'TokenPower', 'TokenToughness', 'TokenKeywords', 'TokenAbilities', 'TokenTriggers', 'TokenStaticAbilities', 'TokenAmount', 'TokenOwner', 'TokenTapped', 'RememberTokens', 'TokenScript', 'TokenImage', 'TokenAltImages', 'TokenSVars'],
  },
);
