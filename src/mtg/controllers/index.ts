/**
 * The controllers of the Magic reference game: who makes a seat's decisions. Every controller
 * decides from the seat's view and the choice point only (information independence); each has a
 * JSON spec so a snapshot can rebuild it in the state it was in. See docs/mtg/guide.md.
 */
export { CONTROLLER_KINDS } from './types.js';
export type { ControllerKind, ControllerSpec, SeatController } from './types.js';
export { createController, controllerKind } from './create.js';
export type { ControllerDeps } from './create.js';
export { randomSeat, zeroSeat } from './simple.js';
export { heuristicSeat } from './heuristic/index.js';
export type { HeuristicState } from './heuristic/index.js';
export { fixedSeat } from './fixed.js';
export { replaySeat } from './replay.js';
export { tuiSeat } from './tui/index.js';
export type { TerminalIO } from './tui/index.js';
export { arrayLines, fdLines } from './tui/lines.js';
export type { LineSource } from './tui/lines.js';
export { paint, wantsColour } from './tui/paint.js';
export type { Paint, Style } from './tui/paint.js';
export { renderMenu, renderState, renderWhyNot, stepName } from './tui/render.js';
