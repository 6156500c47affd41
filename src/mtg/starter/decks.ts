/**
 * The two starter decks, as `.dck` text (Forge's deck format, read by `readDeck`), built from the
 * starter cards only: a red-green aggro deck and a white-blue control deck, 60 cards each.
 */

/** A starter deck: a file name to show and its `.dck` text. */
export type StarterDeck = { readonly file: string; readonly name: string; readonly text: string };

/**
 * Red-green aggro: cheap creatures, burn to clear the way or finish, pump for combat.
 *
 * @example
 * ```ts
 * readDeck(RED_GREEN_AGGRO.text, RED_GREEN_AGGRO.file, starterRegistry()).main.length; // 60
 * ```
 */
export const RED_GREEN_AGGRO: StarterDeck = {
  file: 'starter/red_green_aggro.dck',
  name: 'Starter Red-Green Aggro',
  text: [
    '[metadata]',
    'Name=Starter Red-Green Aggro',
    'Description=Cheap creatures and burn: attack early, finish with Lightning Bolt and Lava Axe.',
    '[Main]',
    '# 22 lands',
    '11 Mountain',
    '11 Forest',
    '# 23 creatures',
    '4 Llanowar Elves',
    '3 Raging Goblin',
    '4 Grizzly Bears',
    '2 Elvish Visionary',
    '4 Boggart Brute',
    '2 Deadly Recluse',
    '2 War Mammoth',
    '2 Hill Giant',
    '# 15 spells',
    '4 Lightning Bolt',
    '3 Shock',
    '2 Giant Growth',
    '2 Brute Force',
    '1 Dragon Fodder',
    '1 Lava Axe',
    '1 Giant Strength',
    '1 Bonesplitter',
    '[Sideboard]',
    '2 Volcanic Hammer',
    '2 Titanic Growth',
    '2 Battlegrowth',
    '2 Giant Spider',
    '2 Rampant Growth',
    '2 Wall of Stone',
    '1 Colossal Dreadmaw',
    '1 Craw Wurm',
    '1 Short Sword',
    '',
  ].join('\n'),
};

/**
 * White-blue control: counterspells, card draw and removal, then fliers.
 *
 * @example
 * ```ts
 * readDeck(WHITE_BLUE_CONTROL.text, WHITE_BLUE_CONTROL.file, starterRegistry()).sideboard.length; // 15
 * ```
 */
export const WHITE_BLUE_CONTROL: StarterDeck = {
  file: 'starter/white_blue_control.dck',
  name: 'Starter White-Blue Control',
  text: [
    '[metadata]',
    'Name=Starter White-Blue Control',
    'Description=Counter, draw and remove what matters, then win in the air.',
    '[Main]',
    '# 24 lands',
    '12 Plains',
    '12 Island',
    '# 16 creatures',
    '2 Wall of Air',
    '2 Knight of Meadowgrain',
    '2 Prodigal Sorcerer',
    "3 Man-o'-War",
    '1 Venerable Monk',
    '4 Serra Angel',
    '2 Air Elemental',
    '# 20 spells',
    '4 Counterspell',
    '2 Essence Scatter',
    '3 Divination',
    '1 Concentrate',
    '2 Unsummon',
    '2 Pacifism',
    '2 Divine Verdict',
    '2 Pressure Point',
    '1 Raise the Alarm',
    '1 Sacred Nectar',
    '[Sideboard]',
    '2 Mahamoti Djinn',
    '2 Suntail Hawk',
    '2 Wind Drake',
    '2 Horned Turtle',
    '2 Steadfast Guard',
    '2 Holy Strength',
    '1 Jump',
    '2 Ornithopter',
    '',
  ].join('\n'),
};

/**
 * Both starter decks.
 *
 * @example
 * ```ts
 * STARTER_DECKS.map((d) => d.name); // ['Starter Red-Green Aggro', 'Starter White-Blue Control']
 * ```
 */
export const STARTER_DECKS: readonly StarterDeck[] = [RED_GREEN_AGGRO, WHITE_BLUE_CONTROL];
