/**
 * Abilities a board set-up gives its tokens beyond their definition (a puzzle's `Ability:Name`
 * with its `AbilityName=...` line, Forge's `GameState`): the lines are compiled as a card of their
 * own, named by a hash of its text, so each ability is a node with a key like any printed one and
 * the token has it as part of its characteristics (CR 111.4: a token's are those it was made with).
 */
import { StoryletError } from '../../core/errors.js';
import { contentHash } from '../../core/hash.js';
import { compileScript } from '../cards/index.js';
import type { CardRegistry } from '../cards/index.js';
import { addSetupCard, nodeKey } from './cards.js';

/** Set-up cards are named with this prefix, which no card script's name starts with. */
const SETUP_PREFIX = 'setup:';

/**
 * The node keys of the set-up's ability lines, by name: each line an `A:` line of one synthetic
 * card (in name order), compiled once and added to the registry's lookups under its content name,
 * so the same lines give the same keys in every game (a replay, a snapshot's restore from its
 * saved state, which registers them again from the config).
 *
 * @example
 * ```ts
 * setupAbilityKeys(registry, { petal: 'AB$ Mana | Cost$ T Sac<1/CARDNAME> | Produced$ Any' });
 * // { petal: 'setup:3f…|0|a|0' }
 * ```
 */
export function setupAbilityKeys(registry: CardRegistry, lines: Readonly<Record<string, string>>): Record<string, string> {
  const names = Object.keys(lines).sort();
  if (names.length === 0) return {};
  const body = names.map((n) => `A:${lines[n]!}`).join('\n');
  const name = `${SETUP_PREFIX}${contentHash(body)}`;
  const { card, diagnostics } = compileScript(`${name}.txt`, `Name:${name}\nTypes:Artifact\n${body}\n`);
  const error = diagnostics.find((d) => d.severity === 'error');
  const abilities = card?.faces[0]?.abilities ?? [];
  if (!card || error || abilities.length !== names.length) {
    throw new StoryletError('mtg/bad-config', `setup: an ability line does not compile${error ? `: ${error.message}` : ''}`, { lines });
  }
  addSetupCard(registry, card);
  return Object.fromEntries(names.map((n, i) => [n, nodeKey(name, 0, 'a', i)]));
}
