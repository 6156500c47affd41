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
import { atEndOfTurn } from './at-eot.js';
import { enterAttacking } from './change-zone.js';
import type { TokenDef } from '../types.js';

const CARD_TYPES = new Set(['Artifact', 'Creature', 'Enchantment', 'Land', 'Planeswalker', 'Instant', 'Sorcery', 'Tribal']);
const SUPERTYPES = new Set(['Legendary', 'Basic', 'Snow', 'World']);

/**
 * The parts a token is written with, as Forge writes them in a `Token` effect's parameters or a
 * puzzle's inline token: one list of types (supertypes, card types and subtypes together),
 * colour letters, and node keys for its abilities.
 */
export type TokenParts = {
  name?: string;
  types: string[];
  colours: string;
  power: number | null;
  toughness: number | null;
  keywords: string[];
  abilities?: string[];
  triggers?: string[];
  statics?: string[];
  replacements?: string[];
  svarsFrom?: { card: string; face: number };
  /** A registry token script's name (`w_1_1_soldier`): the token's characteristics are the script's. */
  script?: string;
};

/**
 * A token definition from its parts (CR 111.4: a token without a name is named by its subtypes).
 * The one place a token is defined: the `Token` effect and the board set-up both build theirs here.
 *
 * @example
 * ```ts
 * tokenDefinition({ types: ['Creature', 'Soldier'], colours: 'W', power: 1, toughness: 1, keywords: [] }).name; // 'Soldier'
 * ```
 */
export function tokenDefinition(parts: TokenParts): TokenDef {
  const types = parts.types;
  return {
    name: parts.name ?? types.filter((t) => !CARD_TYPES.has(t) && !SUPERTYPES.has(t)).join(' ') ?? 'Token',
    colours: colourLetters(parts.colours),
    types: {
      supertypes: types.filter((t) => SUPERTYPES.has(t)),
      cardTypes: types.filter((t) => CARD_TYPES.has(t)),
      subtypes: types.filter((t) => !CARD_TYPES.has(t) && !SUPERTYPES.has(t)),
    },
    power: parts.power,
    toughness: parts.toughness,
    keywords: parts.keywords,
    abilities: parts.abilities ?? [],
    triggers: parts.triggers ?? [],
    statics: parts.statics ?? [],
    replacements: parts.replacements ?? [],
    ...(parts.svarsFrom ? { svarsFrom: parts.svarsFrom } : {}),
    ...(parts.script ? { script: `token:${parts.script}` } : {}),
  };
}

/** A token definition from a node's `Token…$` parameters. */
function tokenDef(run: ResolveRun): TokenDef {
  const [card, face] = run.ref.key.split('|') as [string, string];
  const svar = (name: string) => `${card}|${face}|v|${name.trim()}`;
  const list = (key: string) =>
    (param(run.ref, key) ?? '')
      .split(/[,&]/)
      .map((s) => s.trim())
      .filter((s) => s !== '');
  const pt = (key: string) => {
    const v = param(run.ref, key);
    return v === undefined ? null : evalNumber(run, v);
  };
  const name = param(run.ref, 'TokenName');
  const script = param(run.ref, 'TokenScript');
  return tokenDefinition({
    ...(name !== undefined ? { name } : {}),
    types: list('TokenTypes'),
    colours: param(run.ref, 'TokenColors') ?? '',
    power: pt('TokenPower'),
    toughness: pt('TokenToughness'),
    keywords: splitKeywords(param(run.ref, 'TokenKeywords') ?? ''),
    abilities: list('TokenAbilities').map(svar),
    triggers: list('TokenTriggers').map(svar),
    statics: list('TokenStaticAbilities').map(svar),
    replacements: list('TokenReplacements').map(svar),
    svarsFrom: { card, face: Number(face) },
    ...(script ? { script } : {}),
  });
}

registerEffect(
  'Token',
  function* (run) {
    const def = tokenDef(run);
    const n = param(run.ref, 'TokenAmount') === undefined ? 1 : evalNumber(run, param(run.ref, 'TokenAmount'));
    const owners = param(run.ref, 'TokenOwner') !== undefined ? definedPlayers(run, param(run.ref, 'TokenOwner')) : [run.you];
    for (const owner of owners) {
      const made = yield* createTokens(run.g, def, owner, Math.max(0, n), { tapped: param(run.ref, 'TokenTapped') === 'True' });
      // "That's attacking" (CR 508.4): the tokens join the combat undeclared, attacking the
      // opponent (never a planeswalker here); outside combat they are not attacking (CR 506.3).
      if (param(run.ref, 'TokenAttacking') === 'True') enterAttacking(run, made);
      atEndOfTurn(run, made);
      if (param(run.ref, 'RememberTokens') === 'True')
        remember(
          run,
          made.map((o) => ({ card: o.id, inc: o.inc })),
        );
    }
  },
  {
    reads: [
      'TokenName',
      'TokenTypes',
      'TokenColors',
      'TokenPower',
      'TokenToughness',
      'TokenKeywords',
      'TokenAbilities',
      'TokenTriggers',
      'TokenStaticAbilities',
      'TokenReplacements',
      'TokenAmount',
      'TokenOwner',
      'TokenTapped',
      'TokenAttacking',
      'RememberTokens',
      'TokenScript',
      'AtEOT',
      'AtEOTCondition',
    ],
  },
);
