/**
 * Rebound (CR 702.88a): "If this spell was cast from your hand, instead of putting it into your
 * graveyard as it resolves, exile it and, at the beginning of your next upkeep, you may cast this
 * card from exile without paying its mana cost." Where the spell goes as it resolves is the
 * engine's (src/mtg/engine/rebound.ts, on the stack's way out), so the keyword is given back to the
 * face, naming the delayed trigger written here that the engine creates as it exiles the card: at
 * its controller's next upkeep, `Play` it from exile without paying its mana cost (optional).
 */
import { registerKeyword } from './registry.js';

registerKeyword('Rebound', (_keyword, ctx) => {
  // Plain identifiers, so the keyword's argument links them (the engine finds the trigger by it).
  const delay = ctx.hasSVar('ReboundDelay') ? ctx.svar('delay') : 'ReboundDelay';
  const cast = ctx.hasSVar('ReboundCast') ? ctx.svar('cast') : 'ReboundCast';
  return {
    keywords: [`Rebound:${delay}`],
    svars: [
      [
        delay,
        `DB$ DelayedTrigger | Mode$ Phase | Phase$ Upkeep | ValidPlayer$ You | RememberObjects$ Self | Execute$ ${cast} | TriggerDescription$ Rebound: at the beginning of your next upkeep, you may cast this card from exile without paying its mana cost.`,
      ],
      [cast, 'DB$ Play | Defined$ DelayTriggerRemembered | WithoutManaCost$ True | Optional$ True'],
    ],
  };
});
