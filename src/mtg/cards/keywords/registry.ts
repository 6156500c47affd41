/**
 * Keyword expansion: a keyword that ordinary machinery implements is rewritten into the script
 * lines Forge itself generates for it (CardFactoryUtil's keyword branches), so the engine needs
 * no special case: `K:Prowess` becomes a `SpellCast` trigger with a `Pump`. One small module per
 * keyword registers its expander here by name. Keywords without an expander (Flying, Trample)
 * stay keywords and become `kw:` primitives.
 */
import type { Face, Keyword } from '../ir.js';

/** The script text an expansion adds to the face, in Forge's own line syntax. */
export type KeywordExpansion = {
  abilities?: string[];
  triggers?: string[];
  statics?: string[];
  replacements?: string[];
  /**
   * Keywords the expansion gives the face, as `K:` would write them (`etbCounter:FADE:3` for
   * Fading 3): keywords the engine implements where the rule is checked.
   */
  keywords?: string[];
  /** SVars the lines refer to, as `[name, body]`; names come from {@link KeywordContext.svar}. */
  svars?: Array<[string, string]>;
};

/** What an expander may look at, and how it names the SVars it adds. */
export type KeywordContext = {
  face: Readonly<Face>;
  /**
   * A fresh SVar name for this keyword instance (`Prowess#12`). `#` never appears in script SVar
   * names, so it cannot collide with one.
   */
  svar(label?: string): string;
  /** Whether the face defines an SVar of this name (an argument like `Bushido:X`). */
  hasSVar(name: string): boolean;
};

/**
 * Expands one keyword instance, or explains why its arguments cannot be expanded (the keyword
 * then stays a `kw:` primitive and a `link/keyword-args` diagnostic says why), or says that this
 * well-written instance is one the engine does not expand (`unsupported`: it stays a `kw:`
 * primitive the coverage report counts as missing, with no diagnostic, since the script is not
 * at fault).
 */
export type KeywordExpander = (keyword: Keyword, ctx: KeywordContext) => KeywordExpansion | { error: string } | { unsupported: string };

/** A registered keyword module. */
export type KeywordModule = {
  name: string;
  expand: KeywordExpander;
  /**
   * Whether the expansion also means the keyword when an effect grants it (`KW$ Undying`,
   * `AddKeyword$ Persist`): the linker then expands it on the granting face and the engine
   * grants what it expands to with the keyword. Only for expansions written in terms of the
   * object that has the keyword (`Defined$ Self`), never of the face they are written on.
   */
  grantable: boolean;
};

const expanders = new Map<string, KeywordModule>();

/**
 * Registers the expander for keyword `name` (matched case-insensitively); `grantable` when the
 * expansion also holds for the keyword granted by an effect ({@link KeywordModule}).
 *
 * @example
 * ```ts
 * registerKeyword('Prowess', (kw, ctx) => {
 *   const pump = ctx.svar();
 *   return {
 *     triggers: [`Mode$ SpellCast | ValidCard$ Card.nonCreature | ValidActivatingPlayer$ You | Execute$ ${pump}`],
 *     svars: [[pump, 'DB$ Pump | Defined$ Self | NumAtt$ +1 | NumDef$ +1']],
 *   };
 * });
 * ```
 */
export function registerKeyword(name: string, expand: KeywordExpander, options: { grantable?: boolean } = {}): void {
  expanders.set(name.toLowerCase(), { name, expand, grantable: options.grantable === true });
}

/**
 * The expander registered for a keyword name, if any.
 *
 * @example
 * ```ts
 * keywordExpander('prowess')?.name; // 'Prowess'
 * ```
 */
export function keywordExpander(name: string): KeywordModule | undefined {
  return expanders.get(name.toLowerCase());
}

/**
 * The names of every keyword with an expander, sorted.
 *
 * @example
 * ```ts
 * expandedKeywords(); // ['Annihilator', 'Battle cry', 'Bushido', 'Cycling', ...]
 * ```
 */
export function expandedKeywords(): string[] {
  return [...expanders.values()].map((e) => e.name).sort();
}

/**
 * Reads a keyword's amount argument: a whole number, or the name of an SVar holding one
 * (`Bushido:X`). Returns the text to write into the expansion, or an error for the diagnostic.
 *
 * @example
 * ```ts
 * amountArg(keyword, ctx); // '2' for K:Bushido:2
 * ```
 */
export function amountArg(keyword: Keyword, ctx: KeywordContext, index = 0): string | { error: string } {
  const arg = keyword.args[index];
  if (arg === undefined || arg === '') return { error: `${keyword.name} needs an amount: ${keyword.name}:<N>` };
  if (/^\d+$/.test(arg) || ctx.hasSVar(arg)) return arg;
  return { error: `${keyword.name} amount "${arg}" is neither a number nor an SVar of this face` };
}

/**
 * Reads a keyword's cost argument (`Equip:2`, `Cycling:1 U`).
 *
 * @example
 * ```ts
 * costArg(keyword); // '1 U' for K:Cycling:1 U
 * ```
 */
export function costArg(keyword: Keyword, index = 0): string | { error: string } {
  const arg = keyword.args[index];
  if (arg === undefined || arg === '') return { error: `${keyword.name} needs a cost: ${keyword.name}:<cost>` };
  return arg;
}

/**
 * True when a value returned by {@link amountArg} or {@link costArg} is an error.
 *
 * @example
 * ```ts
 * const cost = costArg(keyword);
 * if (isError(cost)) return cost; // the expander reports it
 * ```
 */
export function isError(value: unknown): value is { error: string } {
  return typeof value === 'object' && value !== null && 'error' in value;
}
