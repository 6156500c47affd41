/**
 * `Charm` (CR 700.2): the modes are chosen as the spell is put on the stack (cast.ts), and each
 * chosen mode resolves as part of the spell's chain (resolve.ts); the charm node itself does
 * nothing on resolution.
 */
import { registerEffect } from '../resolve.js';

registerEffect('Charm', function* () {}, { reads: ['Choices', 'CharmNum', 'MinCharmNum', 'CanRepeatModes'] });
