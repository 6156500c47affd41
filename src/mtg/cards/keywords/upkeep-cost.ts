/**
 * Upkeep costs as the triggered abilities they are (CR 603): `UpkeepCost:<cost>` ("At the
 * beginning of your upkeep, sacrifice CARDNAME unless you pay <cost>") and `Cumulative
 * upkeep:<cost>` (CR 702.24a: "At the beginning of your upkeep, if this permanent is on the
 * battlefield, put an age counter on this permanent. Then you may pay [cost] for each age counter
 * on it. If you don't, sacrifice it."). Each becomes a beginning-of-upkeep trigger, so it uses the
 * stack; its effect is the engine's `PayUpkeepCost` (engine/upkeep.ts), which puts the age counter
 * on and offers the cost, multiplied by the age counters, as it resolves. Several instances of
 * cumulative upkeep trigger separately, and each counts every age counter (CR 702.24b).
 */
import { registerKeyword, type KeywordExpander } from './registry.js';

function upkeepCost(cumulative: boolean): KeywordExpander {
  return (keyword, ctx) => {
    const cost = keyword.args[0]?.trim();
    if (!cost) return { error: `${keyword.name} needs a cost: ${keyword.name}:<cost>` };
    if (/[|$]/.test(cost)) return { error: `${keyword.name}'s cost cannot hold | or $: ${cost}` };
    const pay = ctx.svar();
    const text = cumulative ? `Cumulative upkeep ${cost}` : `At the beginning of your upkeep, sacrifice CARDNAME unless you pay ${cost}.`;
    return {
      triggers: [`Mode$ Phase | Phase$ Upkeep | ValidPlayer$ You | TriggerZones$ Battlefield | Execute$ ${pay} | TriggerDescription$ ${text}`],
      svars: [[pay, `DB$ PayUpkeepCost | Upkeep$ ${cost}${cumulative ? ' | Cumulative$ True' : ''}`]],
    };
  };
}

registerKeyword('UpkeepCost', upkeepCost(false));
registerKeyword('Cumulative upkeep', upkeepCost(true));
