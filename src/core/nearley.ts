import nearley from 'nearley';
import type { Token } from 'moo';

/** What {@link runGrammar} found: every parse, or where the grammar gave up. */
export type GrammarRun =
  | { ok: true; results: unknown[] }
  | {
      ok: false;
      /** The token nearley rejected, when it says which. */
      token: Token | undefined;
      /** The index of the last token handed to nearley. */
      at: number;
    };

/**
 * Runs a compiled nearley grammar over tokens already lexed and filtered (comments dropped,
 * line breaks decided), instead of letting nearley pull them from its own lexer. Every small
 * language of the SDK lexes first so that it can refuse bad characters and deep nesting with a
 * position before the Earley parser sees anything.
 *
 * @example
 * ```ts
 * const run = runGrammar(compiledGrammar, tokens);
 * if (run.ok && run.results.length === 1) use(run.results[0]);
 * ```
 */
export function runGrammar(grammar: nearley.Grammar, tokens: readonly Token[]): GrammarRun {
  const parser = new nearley.Parser(grammar);
  let i = 0;
  parser.lexer = {
    reset: () => undefined,
    next: () => tokens[i++],
    save: () => ({}),
    formatError: () => '',
    has: () => true,
  } as unknown as nearley.Lexer;
  try {
    parser.feed('');
  } catch (err) {
    return { ok: false, token: (err as { token?: Token }).token, at: Math.max(0, i - 1) };
  }
  return { ok: true, results: parser.results };
}
