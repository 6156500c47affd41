# out: src/lang/generated/expression.ts
#
# The condition/effect language. One start rule, `Program`: a list of statements. Conditions,
# gates and priorities are programs of exactly one expression statement; the checker enforces
# that, so a stray `=` in a condition gets a precise error instead of a parse failure.
#
# Precedence, loosest first: or, and, not, comparison (non-associative), + -, * /, unary -.
# Every level is written so that each input has exactly one parse (test/lang/grammar.test.ts).

@preprocessor typescript

@{%
import { lexer } from '../lexer.js';
import * as b from '../build.js';
%}

@lexer lexer

Program    -> Sep:* Statement (Sep:+ Statement):* Sep:*  {% b.program %}
            | Sep:*                                      {% () => [] %}
Sep        -> %semi | %nl

Statement  -> Expr                                       {% b.exprStatement %}
            | Name %op_assign Expr                       {% b.assign %}
            | StepKw %lparen Name %rparen                {% b.step %}
            | StepKw %lparen Name %comma Expr %rparen    {% b.step %}
StepKw     -> %kw_advance {% id %} | %kw_retreat {% id %}

Expr       -> Or                                         {% id %}
Or         -> Or %kw_or And                              {% b.binary %}
            | And                                        {% id %}
And        -> And %kw_and Not                            {% b.binary %}
            | Not                                        {% id %}
Not        -> %kw_not Not                                {% b.unary %}
            | Cmp                                        {% id %}
Cmp        -> Sum CmpOp Sum                              {% b.binary %}
            | Sum                                        {% id %}
CmpOp      -> %op_eq {% id %} | %op_ne {% id %} | %op_lt {% id %}
            | %op_le {% id %} | %op_gt {% id %} | %op_ge {% id %}
Sum        -> Sum AddOp Product                          {% b.binary %}
            | Product                                    {% id %}
AddOp      -> %op_plus {% id %} | %op_minus {% id %}
Product    -> Product MulOp Neg                          {% b.binary %}
            | Neg                                        {% id %}
MulOp      -> %op_times {% id %} | %op_div {% id %}
Neg        -> %op_minus Neg                              {% b.unary %}
            | Atom                                       {% id %}
Atom       -> %number                                    {% b.number %}
            | %string                                    {% b.string %}
            | %kw_true                                   {% b.boolean %}
            | %kw_false                                  {% b.boolean %}
            | Name                                       {% id %}
            | %ident                                     {% b.bare %}
            | %ident %lparen Args %rparen                {% b.call %}
            | %lparen Expr %rparen                       {% b.paren %}
Args       -> null                                       {% () => [] %}
            | Expr (%comma Expr):*                       {% b.args %}
Name       -> %scoped                                    {% b.name %}
