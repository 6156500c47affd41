import { describeValue, StoryletError } from '../core/errors.js';
import { requirePile, SEARCHABLE } from './state.js';
import type { After, Audience, PileKind, PileState, TableState } from './state.js';

/**
 * Where one half of a resolved search policy came from.
 *
 * @example
 * ```ts
 * const inherited = table.resolveSearchPolicy('lib').search.from === 'zone';
 * ```
 */
export type PolicySource = 'pile' | 'zone' | 'default';

/**
 * A pile's search policy after precedence: each half with its value and where it came from, and
 * the seats that may open a search.
 *
 * @example
 * ```ts
 * const policy = table.resolveSearchPolicy('lib');
 * if (policy.search.from === 'zone') console.log(`inherited ${policy.search.value} from the zone`);
 * ```
 */
export interface SearchPolicy {
  search: {
    value: Exclude<Audience, 'not-set'>;
    from: PolicySource;
    /** The seats this audience means at this table, in seat order. */
    seats: string[];
  };
  /** Zones take `search` only, so this half comes from the pile or the default. */
  afterSearch: { value: Exclude<After, 'not-set'>; from: Exclude<PolicySource, 'zone'> };
}

/**
 * The unauthored search audience per searchable kind (reference, "The unauthored defaults"): a
 * deck is owner seat and host (so an unowned deck is host only: fail closed), a bag is no one
 * because drawing it at random is the point.
 *
 * @example
 * ```ts
 * SEARCH_DEFAULTS.bag; // 'no-one'
 * ```
 */
export const SEARCH_DEFAULTS: Readonly<Record<'deck' | 'bag', Exclude<Audience, 'not-set'>>> = {
  deck: 'owner-and-host',
  bag: 'no-one',
};

/**
 * The unauthored after-search for both kinds: a searcher now knows the order, and leaving it
 * would leak that order for the rest of the game.
 *
 * @example
 * ```ts
 * AFTER_SEARCH_DEFAULT; // 'shuffle'
 * ```
 */
export const AFTER_SEARCH_DEFAULT: Exclude<After, 'not-set'> = 'shuffle';

export function isSearchable(kind: PileKind): kind is 'deck' | 'bag' {
  return SEARCHABLE.includes(kind);
}

export function requireSearchable(pile: PileState): asserts pile is PileState & { kind: 'deck' | 'bag' } {
  if (!isSearchable(pile.kind)) {
    throw new StoryletError('table/not-searchable', `pile ${describeValue(pile.id)} is a ${pile.kind}; only decks and bags can be searched`, {
      pile: pile.id,
      kind: pile.kind,
    });
  }
}

/**
 * Resolves a pile's search policy per setting, not per source (reference, "Which one wins"):
 * each half looks at the pile, then the pile's zone (the smallest containing area zone only),
 * then the kind default, so half a policy on the pile never discards the other half on the zone.
 */
export function resolvePolicy(state: TableState, pileId: string): SearchPolicy {
  const pile = requirePile(state, pileId);
  requireSearchable(pile);
  const zone = pile.zone === null ? undefined : state.zones.find((z) => z.id === pile.zone);

  let value: Exclude<Audience, 'not-set'>;
  let from: PolicySource;
  if (pile.search !== 'not-set') [value, from] = [pile.search, 'pile'];
  else if (zone && zone.search !== 'not-set') [value, from] = [zone.search, 'zone'];
  else [value, from] = [SEARCH_DEFAULTS[pile.kind], 'default'];

  const afterSearch: SearchPolicy['afterSearch'] =
    pile.afterSearch !== 'not-set' ? { value: pile.afterSearch, from: 'pile' } : { value: AFTER_SEARCH_DEFAULT, from: 'default' };

  return { search: { value, from, seats: audienceSeats(state, value, pile.owner) }, afterSearch };
}

/**
 * The seats an audience means for a pile with this owner, in table seat order. `owner` on an
 * unowned pile is nobody (reference: "An unowned pile means nobody").
 */
export function audienceSeats(state: TableState, audience: Exclude<Audience, 'not-set'>, owner: string | null): string[] {
  const wanted = new Set<string>();
  if (audience === 'anyone') return [...state.seats];
  if ((audience === 'owner' || audience === 'owner-and-host') && owner !== null) wanted.add(owner);
  if (audience === 'host' || audience === 'owner-and-host') wanted.add(state.host);
  return state.seats.filter((s) => wanted.has(s));
}
