/**
 * Loads every keyword module, each of which registers its expander. Adding a keyword: write
 * `<keyword>.ts` calling `registerKeyword`, import it here, add a fixture (docs/cards.md).
 */
import './annihilator.js';
import './battle-cry.js';
import './bushido.js';
import './cycling.js';
import './equip.js';
import './exalted.js';
import './flanking.js';
import './fortify.js';
import './level-up.js';
import './outlast.js';
import './persist.js';
import './prowess.js';
import './soulshift.js';
import './transmute.js';
import './type-cycling.js';
import './unearth.js';

export { expandedKeywords, keywordExpander, registerKeyword } from './registry.js';
export type { KeywordContext, KeywordExpander, KeywordExpansion } from './registry.js';
export { parseKeyword } from './names.js';
