import moo from 'moo';

/**
 * The words the assertion language gives meaning to, matched case-insensitively. Any of them may
 * still appear in a card name at the end of an assertion (`hand contains Game of Chaos`).
 *
 * @example
 * ```ts
 * ASSERTION_KEYWORDS['contains']; // 'kw_contains'
 * ```
 */
export const ASSERTION_KEYWORDS: Readonly<Record<string, string>> = Object.fromEntries(
  [
    'not',
    'me',
    'opponent',
    'life',
    'gained',
    'count',
    'contains',
    'top',
    'game',
    'won',
    'lost',
    'ended',
    'turn',
    'trigger',
    'fired',
    'spell',
    'cast',
    'creature',
    'died',
    'hand',
    'battlefield',
    'graveyard',
    'library',
    'exile',
    'command',
    'eq',
    'ne',
    'lt',
    'le',
    'gt',
    'ge',
    'tapped',
    'untapped',
    'power',
    'toughness',
    'damage',
    'counters',
    'attached',
    'to',
  ].map((w) => [w, `kw_${w}`]),
);

const keywordType = (text: string): string => ASSERTION_KEYWORDS[text.toLowerCase()] ?? 'word';

/**
 * The tokens of one assertion line. A word is any run of non-blank characters other than `#`
 * (which starts a comment), so card names keep their punctuation (`Man-o'-War`, `Fire // Ice`);
 * a number is a whole word of digits with an optional minus, so `12th` is a word.
 *
 * @example
 * ```ts
 * assertionLexer.reset('LIFE ge -3');
 * assertionLexer.next()?.type; // 'kw_life'
 * ```
 */
export const assertionLexer = moo.compile({
  ws: { match: /\s+/, lineBreaks: true },
  comment: /#.*/,
  number: /-?[0-9]+(?=[\s#]|$)/,
  word: { match: /[^\s#]+/, type: keywordType },
});
