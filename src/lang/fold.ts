import type { Expr } from './ast.js';

/**
 * Works out an expression's value when it reads no name: `1 > 2`, `true or @world.x`.
 * Returns undefined when the value depends on state. Used by the lint that flags conditions that
 * can never change.
 */
export function constantValue(e: Expr): number | boolean | string | undefined {
  switch (e.kind) {
    case 'number':
    case 'boolean':
    case 'string':
      return e.value;
    case 'name':
      return undefined;
    case 'bare':
      return e.resolved?.kind === 'stage' ? e.resolved.index : e.name;
    case 'unary': {
      const v = constantValue(e.operand);
      if (v === undefined) return undefined;
      return e.op === 'not' ? !v : -(v as number);
    }
    case 'call': {
      const args = e.args.map(constantValue);
      if (args.some((a) => a === undefined)) return undefined;
      const nums = args as number[];
      return e.name === 'min' ? Math.min(...nums) : e.name === 'max' ? Math.max(...nums) : e.name === 'abs' ? Math.abs(nums[0]!) : undefined;
    }
    case 'binary': {
      const l = constantValue(e.left);
      // `false and x` and `true or x` are constant whatever x is.
      if (e.op === 'and' && l === false) return false;
      if (e.op === 'or' && l === true) return true;
      const r = constantValue(e.right);
      if (e.op === 'and' && r === false) return false;
      if (e.op === 'or' && r === true) return true;
      if (l === undefined || r === undefined) return undefined;
      switch (e.op) {
        case 'and':
          return (l as boolean) && r;
        case 'or':
          return l || r;
        case '==':
          return l === r;
        case '!=':
          return l !== r;
        case '<':
          return l < r;
        case '<=':
          return l <= r;
        case '>':
          return l > r;
        case '>=':
          return l >= r;
        case '+':
          return (l as number) + (r as number);
        case '-':
          return (l as number) - (r as number);
        case '*':
          return (l as number) * (r as number);
        case '/':
          return (r as number) === 0 ? undefined : (l as number) / (r as number);
      }
    }
  }
}
