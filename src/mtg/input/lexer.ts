import moo from 'moo';

/**
 * The words the fixed-input language gives meaning to, matched case-insensitively. Every one of
 * them may still appear inside a card name (`cast cast down`), except `blocks` and `targeting`,
 * which split a command in two, and `expect-refused` / `expect-offered`, which start one; a name
 * holding any of them is written in double quotes.
 *
 * @example
 * ```ts
 * KEYWORDS['blocks']; // 'kw_blocks'
 * ```
 */
export const KEYWORDS: Readonly<Record<string, string>> = {
  play: 'kw_play',
  cast: 'kw_cast',
  activate: 'kw_activate',
  attack: 'kw_attack',
  blocks: 'kw_blocks',
  target: 'kw_target',
  targeting: 'kw_targeting',
  choose: 'kw_choose',
  pass: 'kw_pass',
  done: 'kw_done',
  keep: 'kw_keep',
  mulligan: 'kw_mulligan',
  yes: 'kw_yes',
  no: 'kw_no',
  pass_until: 'kw_pass_until',
  turn: 'kw_turn',
  phase: 'kw_phase',
  step: 'kw_step',
  'expect-refused': 'kw_expect_refused',
  'expect-offered': 'kw_expect_offered',
};

const keywordType = (text: string): string => KEYWORDS[text.toLowerCase()] ?? 'word';

/**
 * The tokens of the fixed-input language. A word is any run of characters that are not blanks
 * or the language's own punctuation (`;` `#` `"` `[` `]` `=` `*` `,`), so card names keep their
 * apostrophes, dashes and accents (`man-o'-war`, `Jötun Grunt`). Only double quotes delimit a
 * name, because apostrophes belong to card names.
 *
 * @example
 * ```ts
 * lexer.reset('CAST bolt');
 * lexer.next()?.type; // 'kw_cast'
 * ```
 */
export const lexer = moo.compile({
  ws: /[^\S\n]+/,
  nl: { match: /\n/, lineBreaks: true },
  comment: /#[^\n]*/,
  string: /"[^"\n]*"/,
  number: /[0-9]+/,
  semi: ';',
  comma: ',',
  eq: '=',
  star: '*',
  lbracket: '[',
  rbracket: ']',
  word: { match: /[^\s;#"[\]=*,]+/, type: keywordType },
});
