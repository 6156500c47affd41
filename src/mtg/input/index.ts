/**
 * The fixed-input language of the Magic reference game: scripted choices (`play mountain;
 * cast lightning bolt targeting p2; PASS_UNTIL turn=3,phase=main2; attack serra`) parsed by a
 * nearley grammar (grammar/fixed-input.ne), resolved against the engine's choice points, and
 * played by the {@link FixedController}. See docs/mtg/fixed-inputs.md.
 */
export { parseFixedInputs, tokenize as tokenizeFixedInputs, MAX_SCRIPT_LENGTH, MAX_NUMBER } from './parse.js';
export type { FixedInputs, InputProblem, InputProblemCode } from './parse.js';
export type { LexToken } from '../../core/token.js';
export { resolveCommand, resolveTarget } from './resolve.js';
export { resolveLine } from './line.js';
export type { Resolution, ResolveContext, ResolveError, ResolveErrorCode } from './resolve.js';
export { availableActions, optionText } from './render.js';
export { matchTier, nameKey } from './names.js';
export type { MatchTier } from './names.js';
export { FixedController, passiveIndex, passUntilReached } from './controller.js';
export type { FixedControllerOptions, FixedControllerState, FixedStep } from './controller.js';
// The step names are the engine's (`Step` in engine/types.ts); only the spelling rules are ours.
export { canonicalStep, stepOrder } from './steps.js';
export type { StepName } from './steps.js';
export type {
  ActivateCommand,
  AttackCommand,
  BlockCommand,
  CastCommand,
  ChooseCommand,
  ChoiceCommand,
  ExpectCommand,
  Command as InputCommand,
  CommandKind as InputCommandKind,
  IndexCommand,
  PassUntilCommand,
  PlayCommand,
  PlayerWord,
  Selector as NameSelector,
  Span as InputSpan,
  Target as TargetSelector,
  TargetCommand,
  WildcardCommand,
  WordCommand,
} from './ast.js';
