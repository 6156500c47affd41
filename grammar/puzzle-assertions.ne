# out: src/mtg/puzzles/generated/assertions.ts
#
# The puzzle assertion language: one assertion per line of a `.pzl` file's [assertions] section
# (docs/mtg/puzzles.md). An assertion is `NOT? (me|opponent)? predicate`; keywords are
# case-insensitive; `#` starts a comment.
#
# Every line has at most one parse (test/mtg/puzzles/assertions.test.ts counts them): each
# predicate starts with its own keyword or keyword pair, and a card name only ever comes last,
# running to the end of the line, so the words of a name never need to be told from keywords.

@preprocessor typescript

@{%
import { assertionLexer } from '../assertion-lexer.js';
import * as b from '../assertion-build.js';
%}

@lexer assertionLexer

Assertion  -> %kw_not:? Scope:? Predicate                        {% b.assertion %}

Scope      -> %kw_me {% id %} | %kw_opponent {% id %}

Predicate  -> %kw_life Cmp Int                                   {% b.life %}
            | %kw_life %kw_gained Cmp Int                        {% b.lifeGained %}
            | Zone %kw_count Cmp Int                             {% b.zoneCount %}
            | Zone %kw_contains Name                             {% b.zoneContains %}
            | %kw_library %kw_top Int %kw_contains Name          {% b.libraryTop %}
            | %kw_game Result                                    {% b.game %}
            | %kw_turn Cmp Int                                   {% b.turn %}
            | %kw_trigger %kw_fired Name:?                       {% b.event('trigger-fired') %}
            | %kw_spell %kw_cast Name:?                          {% b.event('spell-cast') %}
            | %kw_creature %kw_died Name:?                       {% b.event('creature-died') %}
            | %kw_tapped Name                                    {% b.tapped(true) %}
            | %kw_untapped Name                                  {% b.tapped(false) %}
            | %kw_power Cmp Int Name                             {% b.stat('power') %}
            | %kw_toughness Cmp Int Name                         {% b.stat('toughness') %}
            | %kw_damage Cmp Int Name                            {% b.stat('damage') %}
            | %kw_counters %word Cmp Int Name                    {% b.counters %}
            | %kw_attached AttachName %kw_to Name                {% b.attached %}

# The first name of `attached A to B` stops at its first `to` (it never holds one).
AttachName -> AttachWord:+                                       {% b.name %}

Zone       -> %kw_hand {% id %} | %kw_battlefield {% id %} | %kw_graveyard {% id %}
            | %kw_library {% id %} | %kw_exile {% id %} | %kw_command {% id %}

Result     -> %kw_won {% id %} | %kw_lost {% id %} | %kw_ended {% id %}

Cmp        -> %kw_eq {% id %} | %kw_ne {% id %} | %kw_lt {% id %} | %kw_le {% id %}
            | %kw_gt {% id %} | %kw_ge {% id %}

Int        -> %number {% id %}

Name       -> NameWord:+                                         {% b.name %}

# Any token but a comment: a name may hold numbers and the language's own words.
NameWord   -> AttachWord {% id %} | %kw_to {% id %}

AttachWord -> %word {% id %} | %number {% id %}
            | %kw_tapped {% id %} | %kw_untapped {% id %} | %kw_power {% id %} | %kw_toughness {% id %}
            | %kw_damage {% id %} | %kw_counters {% id %} | %kw_attached {% id %}
            | %kw_not {% id %} | %kw_me {% id %} | %kw_opponent {% id %} | %kw_life {% id %}
            | %kw_gained {% id %} | %kw_count {% id %} | %kw_contains {% id %} | %kw_top {% id %}
            | %kw_game {% id %} | %kw_won {% id %} | %kw_lost {% id %} | %kw_ended {% id %}
            | %kw_turn {% id %} | %kw_trigger {% id %} | %kw_fired {% id %} | %kw_spell {% id %}
            | %kw_cast {% id %} | %kw_creature {% id %} | %kw_died {% id %} | %kw_hand {% id %}
            | %kw_battlefield {% id %} | %kw_graveyard {% id %} | %kw_library {% id %}
            | %kw_exile {% id %} | %kw_command {% id %} | %kw_eq {% id %} | %kw_ne {% id %}
            | %kw_lt {% id %} | %kw_le {% id %} | %kw_gt {% id %} | %kw_ge {% id %}
