import type { Expr } from './ast.js';

/**
 * How much a condition asks for: the number of tests that must hold for it to pass.
 * A comparison or a boolean name counts 1; `a and b` asks for both, so it counts a + b;
 * `a or b` is satisfied by its weaker side, so it counts the smaller of the two; `not a` asks as
 * much as `a`; constants ask for nothing. See docs/deal-mechanics.md ("Ranking the survivors").
 */
export function conditionSpecificity(e: Expr | undefined): number {
  if (!e) return 0;
  switch (e.kind) {
    case 'binary':
      if (e.op === 'and') return conditionSpecificity(e.left) + conditionSpecificity(e.right);
      if (e.op === 'or') return Math.min(conditionSpecificity(e.left), conditionSpecificity(e.right));
      return readsState(e) ? 1 : 0;
    case 'unary':
      return e.op === 'not' ? conditionSpecificity(e.operand) : 0;
    case 'name':
      return 1;
    default:
      return 0;
  }
}

function readsState(e: Expr): boolean {
  switch (e.kind) {
    case 'name':
      return true;
    case 'binary':
      return readsState(e.left) || readsState(e.right);
    case 'unary':
      return readsState(e.operand);
    case 'call':
      return e.args.some(readsState);
    default:
      return false;
  }
}
