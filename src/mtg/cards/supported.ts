/**
 * The engine side of coverage: what the rules engine implements. Each effect, trigger matcher,
 * static, replacement, keyword, cost or count the engine implements registers its symbol here
 * (with the parameters it reads, for the census), and a card is playable when every symbol it
 * needs is registered. The compiler itself registers nothing: until the engine does, coverage is
 * honestly close to zero.
 */
import { StoryletError } from '../../core/errors.js';
import { declareParamReads } from './census.js';
import type { NodeKind } from './ir.js';

/** The prefixes a primitive symbol may have. `error:` is reserved for compile errors. */
export const PRIMITIVE_KINDS = ['api', 'trig', 'stat', 'repl', 'kw', 'cost', 'count', 'text', 'variant'] as const;

const supported = new Set<string>();

// An `api:` implementation reads ability parameters, a `trig:` one trigger parameters, and so on;
// keywords, costs and counts may be read from any kind of node.
const KIND_OF_PREFIX: Record<string, NodeKind[]> = {
  api: ['ability'],
  trig: ['trigger'],
  stat: ['static'],
  repl: ['replacement'],
};

/**
 * Declares that the engine implements `symbol` (`api:DealDamage`, `kw:Flying`), and which
 * parameters that implementation reads (so the census can tell what it ignores).
 *
 * @throws StoryletError `cards/bad-primitive` when the symbol has no known prefix (or is `error:`).
 * @example
 * ```ts
 * registerPrimitive('api:GainLife', { reads: ['LifeAmount', 'Defined'] });
 * ```
 */
export function registerPrimitive(symbol: string, options: { reads?: Iterable<string> } = {}): void {
  const colon = symbol.indexOf(':');
  const kind = colon > 0 ? symbol.slice(0, colon) : '';
  if (!(PRIMITIVE_KINDS as readonly string[]).includes(kind) || colon === symbol.length - 1) {
    throw new StoryletError('cards/bad-primitive', `primitive ${JSON.stringify(symbol)} must be <kind>:<name> with kind one of ${PRIMITIVE_KINDS.join(', ')}`, {
      symbol,
    });
  }
  supported.add(symbol);
  if (options.reads) declareParamReads(symbol, options.reads, KIND_OF_PREFIX[kind] ?? ['ability', 'trigger', 'static', 'replacement']);
}

/**
 * Every registered symbol, sorted.
 *
 * @example
 * ```ts
 * supportedPrimitives(); // [] until the rules engine registers its effects
 * ```
 */
export function supportedPrimitives(): string[] {
  return [...supported].sort();
}
