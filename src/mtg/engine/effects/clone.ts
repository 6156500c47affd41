/**
 * `Clone` (CR 707.2, layer 1): the host (or the `CloneTarget$` object) becomes a copy of the
 * `Defined$` object, its target, or a chosen object matching `Choices$`, taking its copiable
 * values — which for an object that is itself a copy are what it copies (CR 707.3). As in Forge,
 * `Defined$` names what is copied and `CloneTarget$` what becomes the copy (Metamorphic
 * Alteration: `Defined$ ChosenCard | CloneTarget$ Enchanted`).
 */
import { ask, askYesNo, cardRef, type Opt } from '../ask.js';
import { param, svarKeys } from '../cards.js';
import { touch } from '../context.js';
import { chars, colourLetters } from '../layers.js';
import { registerEffect, type ResolveRun } from '../resolve.js';
import { objectMatches } from '../select.js';
import { definedCards } from '../defined.js';
import { hostObject } from './util.js';
import type { CopyExceptions, GameObject } from '../types.js';

/** The copiable values of an object (CR 707.2): for a copy, what it copies (CR 707.3). */
export function copiable(o: GameObject): NonNullable<GameObject['copyOf']> {
  if (o.copyOf) return o.copyOf;
  if (o.token) return { card: o.card, face: 0, def: o.token };
  return { card: o.card, face: o.face };
}

/**
 * The exceptions a `Clone` writes to the values it copies (CR 707.9b): "except it's blue"
 * (`Colors$` with `OverwriteColors$`), the triggers of its own script it has too (`AddTriggers$`),
 * and "except it has this ability" (`GainThisAbility$`: the trigger or activated ability resolving).
 */
function cloneExceptions(run: ResolveRun): CopyExceptions {
  const except: CopyExceptions = {};
  const colours = param(run.ref, 'Colors');
  if (colours !== undefined && param(run.ref, 'OverwriteColors') === 'True') except.colours = colourLetters(colours);
  const triggers = svarKeys(run.ref, param(run.ref, 'AddTriggers'));
  if (param(run.ref, 'GainThisAbility') === 'True' && run.item) {
    if (run.item.triggerNode) triggers.push(run.item.triggerNode);
    else if (run.item.kind === 'ability') except.abilities = [run.item.node];
  }
  if (triggers.length > 0) except.triggers = triggers;
  return except;
}

registerEffect(
  'Clone',
  function* (run) {
    const g = run.g;
    const onto = param(run.ref, 'CloneTarget');
    const target = onto !== undefined ? definedCards(run, onto)[0]?.live : hostObject(run);
    if (!target) return;
    let original: GameObject | undefined;
    const from = param(run.ref, 'Defined');
    if (from !== undefined) original = definedCards(run, from)[0]?.live ?? undefined;
    else if (run.item?.targets[run.pos ?? 0]?.length) {
      const t = run.item.targets[run.pos ?? 0]![0]!;
      original = 'card' in t ? (g.s.objects[t.card] ?? undefined) : undefined;
    } else {
      const sel = param(run.ref, 'Choices') ?? 'Creature';
      const pool = g.s.zones['battlefield']!.map((id) => g.s.objects[id]!).filter((o) => o.id !== target.id && objectMatches(run, sel, o));
      if (pool.length === 0) return;
      const opts: Opt[] = pool.map((o) => ({ label: `copy ${chars(g, o).name}`, action: { verb: 'choose', card: cardRef(o.id, chars(g, o).name) } }));
      // "You may have it enter as a copy": declining is the first option (Optional in the keyword).
      opts.unshift({ label: 'enter as itself', action: { verb: 'no' } });
      const k = yield* ask(g, run.you, 'choose', 'Choose what to copy', opts);
      if (k === 0) return;
      original = pool[k - 1]!;
    }
    if (!original) return;
    // "You may have this creature become a copy of target creature" (Vesuvan Doppelganger's upkeep).
    if (param(run.ref, 'Optional') === 'True' && !(yield* askYesNo(g, run.you, `Have ${chars(g, target).name} become a copy of ${chars(g, original).name}?`)))
      return;
    const types = param(run.ref, 'AddTypes');
    const values = copiable(original);
    const except = { ...values.except, ...cloneExceptions(run) };
    // The exceptions of what it copies are copiable values too (CR 707.9b); its own come on top.
    if (values.except?.triggers && except.triggers) except.triggers = [...new Set([...values.except.triggers, ...except.triggers])];
    if (values.except?.abilities && except.abilities) except.abilities = [...new Set([...values.except.abilities, ...except.abilities])];
    target.copyOf = {
      ...values,
      ...(types ? { addTypes: types.split(/[,&]/).map((t) => t.trim()) } : {}),
      ...(Object.keys(except).length > 0 ? { except } : {}),
    };
    touch(g);
  },
  { reads: ['Choices', 'Defined', 'CloneTarget', 'ValidTgts', 'AddTypes', 'Colors', 'OverwriteColors', 'AddTriggers', 'GainThisAbility', 'Optional'] },
);
