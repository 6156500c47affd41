/**
 * Which script parameters the engine's code reads, found from the code itself (issue 20): a
 * static analysis of src/mtg with the TypeScript compiler. A *reader* is `param(node, key)`
 * (engine/cards.ts), `paramValue(params, key)` (cards/tokens.ts), and, found to a fixpoint, any
 * function that passes one of its own parameters on as a reader's key (`validCard(run, ref, key,
 * …)`, `listParam(ref, key)`). Every string literal given as a reader's key is a read; a key that
 * is neither a literal nor a parameter passed on (a variable, a template) is a *dynamic* read,
 * listed with where it is, so a test can say which ones it accepts.
 */
import ts from 'typescript';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export type ParamReads = {
  /** Lower-cased key → the files (relative to the repo) that read it as a literal. */
  reads: Map<string, Set<string>>;
  /** Reads whose key the analysis cannot name: `file:line`. */
  dynamic: string[];
};

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

type Fn = ts.SignatureDeclaration;

/** The function (declaration, expression or arrow) a node is inside, if any. */
function enclosingFunction(node: ts.Node): Fn | undefined {
  for (let n = node.parent; n; n = n.parent) if (ts.isFunctionLike(n)) return n;
  return undefined;
}

export function findParamReads(repo: string): ParamReads {
  const files = sources(join(repo, 'src', 'mtg'));
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const ours = program.getSourceFiles().filter((f) => f.fileName.startsWith(join(repo, 'src', 'mtg')));
  const calls: ts.CallExpression[] = [];
  for (const file of ours) {
    const visit = (n: ts.Node): void => {
      if (ts.isCallExpression(n)) calls.push(n);
      ts.forEachChild(n, visit);
    };
    visit(file);
  }
  const declarationOf = (call: ts.CallExpression): Fn | undefined => {
    let symbol = checker.getSymbolAtLocation(call.expression);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const decl = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
    if (!decl) return undefined;
    if (ts.isFunctionLike(decl)) return decl;
    if (ts.isVariableDeclaration(decl) && decl.initializer && ts.isFunctionLike(decl.initializer)) return decl.initializer;
    return undefined;
  };
  /**
   * The string literals an expression can be, when the code says so where it stands: a literal, a
   * conditional between literals, or a constant or loop variable over a literal list (`for (const
   * key of ['ChangeColorWord', 'ChangeTypeWord'])`, `for (const r of RECORDS)`). Undefined otherwise.
   */
  const literalValues = (e: ts.Expression, depth = 0): string[] | undefined => {
    if (depth > 4) return undefined;
    if (ts.isStringLiteralLike(e)) return [e.text];
    if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e)) return literalValues(e.expression, depth + 1);
    if (ts.isConditionalExpression(e)) {
      const a = literalValues(e.whenTrue, depth + 1);
      const b = literalValues(e.whenFalse, depth + 1);
      return a && b ? [...a, ...b] : undefined;
    }
    if (ts.isArrayLiteralExpression(e)) {
      const out: string[] = [];
      const collect = (n: ts.Node): void => {
        if (ts.isStringLiteralLike(n)) out.push(n.text);
        else ts.forEachChild(n, collect);
      };
      collect(e);
      return out.length > 0 ? out : undefined;
    }
    if (!ts.isIdentifier(e)) return undefined;
    // An imported constant (`import { ABILITY_WORD_FLAGS } from './ability-words.js'`) is read where it is declared.
    let symbol = checker.getSymbolAtLocation(e);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const decl = symbol?.valueDeclaration;
    if (!decl) return undefined;
    // A loop variable (or a name destructured from one) over a literal list.
    let binding: ts.Node = decl;
    while (ts.isBindingElement(binding) || ts.isArrayBindingPattern(binding) || ts.isObjectBindingPattern(binding)) binding = binding.parent;
    if (ts.isVariableDeclaration(binding)) {
      const list = binding.parent;
      if (ts.isVariableDeclarationList(list) && ts.isForOfStatement(list.parent)) return literalValues(list.parent.expression, depth + 1);
      if (binding.initializer && ts.isIdentifier(binding.name) && list.flags & ts.NodeFlags.Const) return literalValues(binding.initializer, depth + 1);
    }
    return undefined;
  };
  // Reader functions and the index of their key parameter.
  const readers = new Map<Fn, Set<number>>();
  for (const call of calls) {
    const decl = declarationOf(call);
    if (!decl || !decl.name || !ts.isIdentifier(decl.name)) continue;
    const file = relative(repo, decl.getSourceFile().fileName);
    if ((decl.name.text === 'param' && file === 'src/mtg/engine/cards.ts') || (decl.name.text === 'paramValue' && file === 'src/mtg/cards/tokens.ts'))
      readers.set(decl, new Set([1]));
  }
  const reads = new Map<string, Set<string>>();
  let dynamic: string[] = [];
  for (let changed = true; changed;) {
    changed = false;
    dynamic = [];
    for (const call of calls) {
      const decl = declarationOf(call);
      const positions = decl && readers.get(decl);
      if (!positions) continue;
      for (const at of positions) {
        const arg = call.arguments[at];
        if (!arg) continue;
        const literals = literalValues(arg);
        if (literals) {
          const file = relative(repo, call.getSourceFile().fileName);
          for (const text of literals) {
            const key = text.toLowerCase();
            let set = reads.get(key);
            if (!set) reads.set(key, (set = new Set()));
            set.add(file);
          }
          continue;
        }
        const outer = enclosingFunction(call);
        const asParam = ts.isIdentifier(arg) && outer ? outer.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === arg.text) : -1;
        if (outer && asParam >= 0) {
          let set = readers.get(outer);
          if (!set) readers.set(outer, (set = new Set()));
          if (!set.has(asParam)) {
            set.add(asParam);
            changed = true;
          }
          continue;
        }
        const { line } = call.getSourceFile().getLineAndCharacterOfPosition(call.getStart());
        dynamic.push(`${relative(repo, call.getSourceFile().fileName)}:${line + 1}`);
      }
    }
  }
  return { reads, dynamic: [...new Set(dynamic)].sort() };
}
