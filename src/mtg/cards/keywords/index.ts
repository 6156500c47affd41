/**
 * Loads every keyword module, each of which registers its expander. Adding a keyword: write
 * `<keyword>.ts` calling `registerKeyword`, import it here, add a fixture (docs/cards.md).
 */
import './adapt.js';
import './affinity.js';
import './afflict.js';
import './afterlife.js';
import './annihilator.js';
import './battle-cry.js';
import './bloodthirst.js';
import './bushido.js';
import './cascade.js';
import './crew.js';
import './cycling.js';
import './dash.js';
import './dethrone.js';
import './devour.js';
import './embalm.js';
import './equip.js';
import './evoke.js';
import './evolve.js';
import './exalted.js';
import './extort.js';
import './fabricate.js';
import './fading.js';
import './flanking.js';
import './fortify.js';
import './graft.js';
import './ingest.js';
import './level-up.js';
import './madness.js';
import './mentor.js';
import './modular.js';
import './monstrosity.js';
import './outlast.js';
import './persist.js';
import './prowess.js';
import './rampage.js';
import './rebound.js';
import './renown.js';
import './riot.js';
import './scavenge.js';
import './soulshift.js';
import './storm.js';
import './suspend.js';
import './transmute.js';
import './type-cycling.js';
import './undying.js';
import './unearth.js';
import './unleash.js';
import './upkeep-cost.js';
import './vanishing.js';

export { expandedKeywords, keywordExpander, registerKeyword } from './registry.js';
export type { KeywordContext, KeywordExpander, KeywordExpansion } from './registry.js';
export { parseKeyword } from './names.js';
