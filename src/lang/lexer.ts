import moo from 'moo';

/**
 * The tokens of the condition/effect language. Newlines are tokens because they separate
 * effects; the parser driver drops them where they cannot end a statement (see `parse.ts`).
 */
export const lexer = moo.compile({
  ws: /[ \t\r]+/,
  nl: { match: /\n/, lineBreaks: true },
  comment: /#[^\n]*/,
  number: /(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?/,
  string: /"(?:\\["\\nt]|[^"\\\n])*"|'(?:\\['\\nt]|[^'\\\n])*'/,
  scoped: /@[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?/,
  ident: {
    match: /[A-Za-z_][A-Za-z0-9_]*/,
    type: moo.keywords({
      kw_and: 'and',
      kw_or: 'or',
      kw_not: 'not',
      kw_true: 'true',
      kw_false: 'false',
      kw_advance: 'advance',
      kw_retreat: 'retreat',
    }),
  },
  op_eq: '==',
  op_ne: '!=',
  op_le: '<=',
  op_ge: '>=',
  op_lt: '<',
  op_gt: '>',
  op_assign: '=',
  op_plus: '+',
  op_minus: '-',
  op_times: '*',
  op_div: '/',
  lparen: '(',
  rparen: ')',
  comma: ',',
  semi: ';',
});
