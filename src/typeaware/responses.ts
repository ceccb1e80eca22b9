// Declared types carry a response further than flow can. Flow follows a call's result within one
// function; a client that wraps the call (`listIssues(): Promise<Issue[]>`) hands the result to code
// elsewhere that only its type connects to the call. Here the checker finds the record type a call's
// result has (`Issue`), then every field read, anywhere in the program, on a value of that type.
import { ts } from 'ts-morph';
import { ITERATE, type BodyRead, type StringCompare } from '../callsites/response.js';

/** Field reads on values of a call's response type, in any file of the program. */
export type TypedReads = (file: string, start: number, end: number) => readonly BodyRead[];

const RESPONSE_WRAPPERS = ['data', 'body'];

export function typedReads(program: ts.Program): TypedReads {
  const checker = program.getTypeChecker();
  const projectFiles = program.getSourceFiles().filter((sf) => !sf.isDeclarationFile && !program.isSourceFileFromExternalLibrary(sf) && !sf.fileName.includes('/node_modules/'));
  const byRecord = new Map<ts.Type, BodyRead[]>();
  let accesses: Map<string, ts.PropertyAccessExpression[]> | undefined;

  /** Every `x.name` of the program's own files, by name: built once, on the first call that has a record type. */
  function accessesNamed(name: string): readonly ts.PropertyAccessExpression[] {
    if (!accesses) {
      const index = new Map<string, ts.PropertyAccessExpression[]>();
      const visit = (node: ts.Node): void => {
        if (ts.isPropertyAccessExpression(node)) {
          const key = node.name.text;
          let list = index.get(key);
          if (!list) index.set(key, (list = []));
          list.push(node);
        }
        ts.forEachChild(node, visit);
      };
      for (const sf of projectFiles) visit(sf);
      accesses = index;
    }
    return accesses.get(name) ?? [];
  }

  /** A record type the project declares itself (not `any`, a primitive, or a library type such as `Response`). */
  function isRecord(type: ts.Type): boolean {
    if (!(type.flags & ts.TypeFlags.Object) || checker.isArrayType(type)) return false;
    const declarations = (type.aliasSymbol ?? type.getSymbol())?.getDeclarations() ?? [];
    return declarations.length > 0 && declarations.every((d) => projectFiles.includes(d.getSourceFile()));
  }

  /** The record type of a call's result: the items of a list, or the single record. */
  function recordOf(call: ts.Node): ts.Type | undefined {
    for (const candidate of [resultType(call), returnedType(call)]) {
      if (!candidate) continue;
      const items = checker.isArrayType(candidate) ? checker.getTypeArguments(candidate as ts.TypeReference)[0] : candidate;
      if (items && isRecord(items)) return items;
    }
    return undefined;
  }

  /** The call's own type, awaited, through an axios- or superagent-style response's `data`/`body`. */
  function resultType(call: ts.Node): ts.Type | undefined {
    let type = awaited(checker.getTypeAtLocation(call));
    for (const field of RESPONSE_WRAPPERS) {
      const property = type.getProperty(field);
      const inner = property && awaited(checker.getTypeOfSymbolAtLocation(property, call));
      if (inner && (checker.isArrayType(inner) || isRecord(inner))) return inner;
    }
    return type;
  }

  /** The declared return type of the function that returns this call's result (`return res.json()`). */
  function returnedType(call: ts.Node): ts.Type | undefined {
    let fn: ts.Node | undefined = call.parent;
    while (fn && !ts.isFunctionLike(fn)) fn = fn.parent;
    if (!fn || !(ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn) || ts.isFunctionExpression(fn) || ts.isArrowFunction(fn)) || !fn.type || !fn.body) return undefined;
    if (!returnsResultOf(fn.body, call)) return undefined;
    const signature = checker.getSignatureFromDeclaration(fn);
    return signature && awaited(checker.getReturnTypeOfSignature(signature));
  }

  function awaited(type: ts.Type): ts.Type {
    return checker.getAwaitedType(type) ?? type;
  }

  /** Reads of fields of `record` anywhere in the program (computed once per record type). */
  function readsOf(record: ts.Type): BodyRead[] {
    const cached = byRecord.get(record);
    if (cached) return cached;
    const reads: BodyRead[] = [];
    const typeName = checker.typeToString(record);
    for (const property of checker.getPropertiesOfType(record)) {
      for (const access of accessesNamed(property.getName())) {
        if (checker.getNonNullableType(checker.getTypeAtLocation(access.expression)) !== record) continue;
        reads.push(readAt(access, typeName));
      }
    }
    byRecord.set(record, reads);
    return reads;
  }

  return (file, start, end) => {
    const sf = program.getSourceFile(file);
    const call = sf && nodeSpanning(sf, start, end);
    const record = call && recordOf(call);
    return record ? readsOf(record) : [];
  };
}

/** `x.a.b` read from `x`: the field path, the whole chain's span, and string comparisons with it. */
function readAt(access: ts.PropertyAccessExpression, typeName: string): BodyRead {
  const path = [access.name.text];
  let chain: ts.Expression = access;
  while (ts.isPropertyAccessExpression(chain.parent) && chain.parent.expression === chain) {
    chain = chain.parent;
    path.push((chain as ts.PropertyAccessExpression).name.text);
  }
  const sf = access.getSourceFile();
  return { path, element: isItem(access.expression), start: chain.getStart(sf), end: chain.getEnd(), compared: comparesWith(chain), file: sf.fileName, typeName };
}

/** The value is an item of a list: `list[i]`, a `for … of` variable, or the parameter of `list.map(…)`-style callbacks. */
function isItem(value: ts.Expression): boolean {
  const inner = skipParens(value);
  if (ts.isElementAccessExpression(inner)) return true;
  if (!ts.isIdentifier(inner)) return false;
  // The identifier's own binding, found by walking up to the scope that declares it.
  for (let node: ts.Node | undefined = inner.parent; node; node = node.parent) {
    if (ts.isForOfStatement(node) && declaresName(node.initializer, inner.text)) return true;
    if (ts.isFunctionLike(node) && node.parameters.some((p) => bindsName(p.name, inner.text))) {
      const call = node.parent;
      const method = call && ts.isCallExpression(call) && ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : undefined;
      return method !== undefined && ITERATE.has(method) && (call as ts.CallExpression).arguments[0] === node;
    }
  }
  return false;
}

function declaresName(initializer: ts.ForInitializer, name: string): boolean {
  return ts.isVariableDeclarationList(initializer) ? initializer.declarations.some((d) => bindsName(d.name, name)) : false;
}

function bindsName(binding: ts.BindingName, name: string): boolean {
  if (ts.isIdentifier(binding)) return binding.text === name;
  return binding.elements.some((e) => !ts.isOmittedExpression(e) && bindsName(e.name, name));
}

/** `read === 'x'`, `'x' != read`, `switch (read) { case 'x': }`. */
function comparesWith(read: ts.Expression): StringCompare[] {
  const literal = (n: ts.Node | undefined): StringCompare[] => {
    if (!n || !(ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n))) return [];
    const sf = n.getSourceFile();
    const quote = sf.text[n.getStart(sf)] as StringCompare['quote'];
    return [{ value: n.text, start: n.getStart(sf), end: n.getEnd(), quote }];
  };
  const parent = read.parent;
  const equality = [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken];
  if (ts.isBinaryExpression(parent) && equality.includes(parent.operatorToken.kind)) return literal(parent.left === read ? parent.right : parent.left);
  if (ts.isSwitchStatement(parent) && parent.expression === read) return parent.caseBlock.clauses.flatMap((c) => (ts.isCaseClause(c) ? literal(c.expression) : []));
  return [];
}

/** Whether a function body returns the call's result: directly, or through a variable it initialises. */
function returnsResultOf(body: ts.ConciseBody, call: ts.Node): boolean {
  const holders = new Set<string>();
  const decl = enclosingDeclaration(call, body);
  if (decl) collectNames(decl.name, holders);
  const mentions = (expr: ts.Node): boolean => {
    if (contains(expr, call)) return true;
    let found = false;
    const visit = (n: ts.Node): void => {
      if (found) return;
      if (ts.isIdentifier(n) && holders.has(n.text)) found = true;
      else ts.forEachChild(n, visit);
    };
    visit(expr);
    return found;
  };
  if (!ts.isBlock(body)) return mentions(body);
  let returns = false;
  const visit = (n: ts.Node): void => {
    if (returns || (ts.isFunctionLike(n) && n !== body.parent)) return;
    if (ts.isReturnStatement(n) && n.expression && mentions(n.expression)) returns = true;
    else ts.forEachChild(n, visit);
  };
  visit(body);
  return returns;
}

function enclosingDeclaration(node: ts.Node, stop: ts.Node): ts.VariableDeclaration | undefined {
  for (let n: ts.Node | undefined = node.parent; n && n !== stop; n = n.parent) if (ts.isVariableDeclaration(n)) return n;
  return undefined;
}

function collectNames(binding: ts.BindingName, out: Set<string>): void {
  if (ts.isIdentifier(binding)) out.add(binding.text);
  else for (const e of binding.elements) if (!ts.isOmittedExpression(e)) collectNames(e.name, out);
}

function contains(outer: ts.Node, inner: ts.Node): boolean {
  return inner.pos >= outer.pos && inner.end <= outer.end && inner.getSourceFile() === outer.getSourceFile();
}

function skipParens(e: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e) || ts.isAsExpression(e)) e = e.expression;
  return e;
}

/** The innermost node that spans exactly [start, end). */
function nodeSpanning(sf: ts.SourceFile, start: number, end: number): ts.Node | undefined {
  let node: ts.Node = sf;
  for (;;) {
    const child: ts.Node | undefined = node.getChildren(sf).find((c) => c.getStart(sf) <= start && c.getEnd() >= end);
    if (!child) return undefined;
    if (child.getStart(sf) === start && child.getEnd() === end && (ts.isCallExpression(child) || ts.isNewExpression(child))) return child;
    if (child === node) return undefined;
    node = child;
  }
}
