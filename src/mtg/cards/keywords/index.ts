/**
 * Loads every keyword module, each of which registers its expander. Adding a keyword: write
 * `<keyword>.ts` calling `registerKeyword`, import it here, add a fixture (docs/cards.md).
 */
import './affinity.js';
import './afflict.js';
import './annihilator.js';
import './battle-cry.js';
import './bloodthirst.js';
import './bushido.js';
import './cycling.js';
import './dash.js';
import './equip.js';
import './evoke.js';
import './exalted.js';
import './extort.js';
import './fabricate.js';
import './fading.js';
import './flanking.js';
import './fortify.js';
import './ingest.js';
import './level-up.js';
import './madness.js';
import './monstrosity.js';
import './crew.js';
import './outlast.js';
import './persist.js';
import './prowess.js';
import './rebound.js';
import './renown.js';
import './riot.js';
import './soulshift.js';
import './storm.js';
import './suspend.js';
import './transmute.js';
import './type-cycling.js';
import './undying.js';
import './upkeep-cost.js';
import './unearth.js';
import './vanishing.js';

export { expandedKeywords, keywordExpander, registerKeyword } from './registry.js';
export type { KeywordContext, KeywordExpander, KeywordExpansion } from './registry.js';
export { parseKeyword } from './names.js';
