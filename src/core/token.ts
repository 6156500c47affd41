/**
 * A token of the SDK's small languages, as public functions that show tokens return it: moo's
 * `Token`, spelled out member for member (the two are the same type to TypeScript) so that the
 * published declarations need no moo types (`@types/moo` is not a dependency of the package).
 *
 * @example
 * ```ts
 * const t: LexToken = { type: 'number', value: '3', text: '3', offset: 0, lineBreaks: 0, line: 1, col: 1 };
 * ```
 */
export interface LexToken {
  /** The token's value, or its type when it has no value. */
  toString(): string;
  /** The kind of token (the lexer rule's name). */
  type?: string | undefined;
  /** What the token stands for (the matched text, unless the rule transforms it). */
  value: string;
  /** Where the match starts, counted in characters from the start of the text. */
  offset: number;
  /** The matched text. */
  text: string;
  /** How many line breaks the match spans. */
  lineBreaks: number;
  /** The match's line, from 1. */
  line: number;
  /** The match's column, from 1. */
  col: number;
}
