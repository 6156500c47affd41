# out: src/mtg/input/generated/fixed-input.ts
#
# The fixed-input language: scripted choices for the Magic reference game's `fixed` controller
# (docs/mtg/fixed-inputs.md). A script is commands separated by `;` or line breaks; `#` starts a
# comment. Blank commands are allowed, so `a;;b` and trailing separators are fine.
#
# Every input has at most one parse (test/mtg/input/grammar.test.ts counts them): a name is a
# run of words that never holds `blocks` or `targeting`, so `X blocks Y` and
# `cast X targeting Y` split in exactly one place, and a bare name is not a command.
# `expect-refused` and `expect-offered` are never name words, so `expect-refused X blocks Y`
# wraps the block rather than naming a blocker "expect-refused X".

@preprocessor typescript

@{%
import { lexer } from '../lexer.js';
import * as b from '../build.js';
%}

@lexer lexer

Script     -> Sep:* Command (Sep:+ Command):* Sep:*              {% b.script %}
            | Sep:*                                              {% () => [] %}
Sep        -> %semi | %nl

Command    -> %number                                            {% b.index %}
            | %star                                              {% b.wildcard %}
            | %kw_pass_until Condition (%comma Condition):*      {% b.passUntil %}
            | Choice                                             {% id %}
            | %kw_expect_refused Choice                          {% b.expect('refused') %}
            | %kw_expect_offered Choice                          {% b.expect('offered') %}

# The commands that choose an option: what an expectation may wrap.
Choice     -> OneWord                                            {% b.oneWord %}
            | %kw_play Selector                                  {% b.play %}
            | %kw_cast Selector Targeting:*                      {% b.cast %}
            | %kw_activate Selector Targeting:*                  {% b.activate %}
            | %kw_attack Selector                                {% b.attack %}
            | Selector %kw_blocks Selector                       {% b.block %}
            | %kw_target Selector                                {% b.target %}
            | %kw_choose Selector                                {% b.choose %}

OneWord    -> %kw_pass {% id %} | %kw_done {% id %} | %kw_keep {% id %} | %kw_mulligan {% id %}
            | %kw_yes {% id %} | %kw_no {% id %}

Targeting  -> %kw_targeting Selector                             {% b.targeting %}

Condition  -> %kw_turn %eq %number                               {% b.condition %}
            | StepKey %eq NameWord                               {% b.condition %}
StepKey    -> %kw_phase {% id %} | %kw_step {% id %}

Selector   -> Name                                               {% b.selector %}
            | Name %lbracket %number %rbracket                   {% b.selector %}
Name       -> %string                                            {% b.quoted %}
            | NameWord (NameWord | %comma):*                     {% b.words %}

NameWord   -> %word {% id %} | %number {% id %}
            | %kw_play {% id %} | %kw_cast {% id %} | %kw_activate {% id %} | %kw_attack {% id %}
            | %kw_target {% id %} | %kw_choose {% id %} | %kw_pass {% id %} | %kw_done {% id %}
            | %kw_keep {% id %} | %kw_mulligan {% id %} | %kw_yes {% id %} | %kw_no {% id %}
            | %kw_pass_until {% id %} | %kw_turn {% id %} | %kw_phase {% id %} | %kw_step {% id %}
