import { parse, type Expression, type Node } from 'luaparse';

/**
 * Where the key argument of each redis.call in a script comes from, traced through the script's
 * assignments, table fields and function calls (by name, over the whole script, includes
 * expanded): a key must be a KEYS entry or begin with one (`KEYS[2] .. id`), so that Redis
 * Cluster checks its slot. A key whose first part may be an ARGV value or a literal is reported.
 * Values read from Redis and loop variables over them count as unknown, never reported.
 */
export type KeyFinding = { line: number; key: string; from: 'ARGV' | 'literal' };

type Origin = 'KEYS' | 'ARGV' | 'literal' | 'unknown';

/** Every redis.call / redis.pcall and the findings among them. */
export function traceScriptKeys(lua: string): { calls: number; findings: KeyFinding[] } {
  const source = lua.replace(/^#!.*\n/, '\n');
  const chunk = parse(source, { locations: true, scope: false, comments: false, luaVersion: '5.1' });
  const values = new Map<string, Expression[]>();
  const fields = new Map<string, Expression[]>();
  const parameters = new Map<string, string[]>();
  const calls: { base: string; args: Expression[] }[] = [];
  const keyArgs: Expression[] = [];
  const note = (map: Map<string, Expression[]>, name: string, value: Expression) =>
    map.set(name, [...(map.get(name) ?? []), value]);

  walk(chunk, (node) => {
    if (node.type === 'LocalStatement' || node.type === 'AssignmentStatement') {
      node.variables.forEach((target, i) => {
        const value = node.init[i];
        if (!value) return;
        if (target.type === 'Identifier') note(values, target.name, value);
        else if (target.type === 'IndexExpression' && target.base.type === 'Identifier')
          note(values, target.base.name, value);
        else if (target.type === 'MemberExpression') note(fields, target.identifier.name, value);
      });
    } else if (node.type === 'TableKeyString') {
      note(fields, node.key.name, node.value);
    } else if (node.type === 'ForGenericStatement' && node.iterators[0]?.type === 'CallExpression') {
      const [source] = node.iterators[0].arguments;
      const value = node.variables[1];
      if (source && value) note(values, value.name, source);
    } else if (node.type === 'FunctionDeclaration' && node.identifier?.type === 'Identifier') {
      parameters.set(
        node.identifier.name,
        node.parameters.map((p) => (p.type === 'Identifier' ? p.name : '...')),
      );
    } else if (node.type === 'CallExpression') {
      const { base } = node;
      if (
        base.type === 'MemberExpression' &&
        base.base.type === 'Identifier' &&
        base.base.name === 'redis' &&
        ['call', 'pcall'].includes(base.identifier.name)
      ) {
        if (node.arguments[1]) keyArgs.push(node.arguments[1]);
      } else if (base.type === 'Identifier') {
        calls.push({ base: base.name, args: node.arguments });
      }
    }
  });
  for (const { base, args } of calls) {
    parameters.get(base)?.forEach((name, i) => args[i] && note(values, name, args[i]));
  }

  const origins = (expression: Expression, seen: Set<Expression>): Origin[] => {
    if (seen.has(expression)) return [];
    seen.add(expression);
    const all = (list: Expression[] | undefined) => (list ?? []).flatMap((e) => origins(e, seen));
    switch (expression.type) {
      case 'StringLiteral':
      case 'NumericLiteral':
        return ['literal'];
      case 'BinaryExpression':
        return expression.operator === '..' ? origins(expression.left, seen) : ['unknown'];
      case 'Identifier':
        if (expression.name === 'KEYS' || expression.name === 'ARGV') return [expression.name];
        return all(values.get(expression.name));
      case 'IndexExpression':
        return origins(expression.base, seen);
      case 'MemberExpression':
        return all(fields.get(expression.identifier.name));
      case 'CallExpression':
        // unpack(t): the elements of t; any other function's result is a value, not a key name.
        return expression.base.type === 'Identifier' && expression.base.name === 'unpack' && expression.arguments[0]
          ? origins(expression.arguments[0], seen)
          : ['unknown'];
      default:
        return ['unknown'];
    }
  };

  const lines = source.split('\n');
  const findings = keyArgs.flatMap((key): KeyFinding[] => {
    const found = origins(key, new Set());
    const from = found.includes('ARGV') ? 'ARGV' : found.includes('literal') ? 'literal' : null;
    if (!from || !key.loc) return from ? [{ line: 0, key: key.type, from }] : [];
    const { start, end } = key.loc;
    const text = start.line === end.line ? lines[start.line - 1]!.slice(start.column, end.column) : key.type;
    return [{ line: start.line, key: text, from }];
  });
  return { calls: keyArgs.length, findings };
}

function walk(node: unknown, visit: (node: Node) => void): void {
  if (Array.isArray(node)) return node.forEach((child) => walk(child, visit));
  if (!node || typeof node !== 'object') return;
  if (typeof (node as { type?: unknown }).type === 'string') visit(node as Node);
  for (const [field, child] of Object.entries(node)) if (field !== 'loc' && field !== 'range') walk(child, visit);
}
