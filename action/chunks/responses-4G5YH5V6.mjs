import { createRequire as __createRequire } from 'node:module';
const require = __createRequire(import.meta.url);
import {
  ITERATE
} from "./chunk-CV77YEGQ.mjs";

// src/typeaware/responses.ts
import { ts } from "ts-morph";
var RESPONSE_WRAPPERS = ["data", "body"];
function typedReads(program) {
  const checker = program.getTypeChecker();
  const projectFiles = program.getSourceFiles().filter((sf) => !sf.isDeclarationFile && !program.isSourceFileFromExternalLibrary(sf) && !sf.fileName.includes("/node_modules/"));
  const byRecord = /* @__PURE__ */ new Map();
  let accesses;
  function accessesNamed(name) {
    if (!accesses) {
      const index = /* @__PURE__ */ new Map();
      const visit = (node) => {
        if (ts.isPropertyAccessExpression(node)) {
          const key = node.name.text;
          let list = index.get(key);
          if (!list) index.set(key, list = []);
          list.push(node);
        }
        ts.forEachChild(node, visit);
      };
      for (const sf of projectFiles) visit(sf);
      accesses = index;
    }
    return accesses.get(name) ?? [];
  }
  function isRecord(type) {
    if (!(type.flags & ts.TypeFlags.Object) || checker.isArrayType(type)) return false;
    const declarations = (type.aliasSymbol ?? type.getSymbol())?.getDeclarations() ?? [];
    return declarations.length > 0 && declarations.every((d) => projectFiles.includes(d.getSourceFile()));
  }
  function recordOf(call) {
    for (const candidate of [resultType(call), returnedType(call)]) {
      if (!candidate) continue;
      const items = checker.isArrayType(candidate) ? checker.getTypeArguments(candidate)[0] : candidate;
      if (items && isRecord(items)) return items;
    }
    return void 0;
  }
  function resultType(call) {
    let type = awaited(checker.getTypeAtLocation(call));
    for (const field of RESPONSE_WRAPPERS) {
      const property = type.getProperty(field);
      const inner = property && awaited(checker.getTypeOfSymbolAtLocation(property, call));
      if (inner && (checker.isArrayType(inner) || isRecord(inner))) return inner;
    }
    return type;
  }
  function returnedType(call) {
    let fn = call.parent;
    while (fn && !ts.isFunctionLike(fn)) fn = fn.parent;
    if (!fn || !(ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn) || ts.isFunctionExpression(fn) || ts.isArrowFunction(fn)) || !fn.type || !fn.body) return void 0;
    if (!returnsResultOf(fn.body, call)) return void 0;
    const signature = checker.getSignatureFromDeclaration(fn);
    return signature && awaited(checker.getReturnTypeOfSignature(signature));
  }
  function awaited(type) {
    return checker.getAwaitedType(type) ?? type;
  }
  function readsOf(record) {
    const cached = byRecord.get(record);
    if (cached) return cached;
    const reads = [];
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
function readAt(access, typeName) {
  const path = [access.name.text];
  let chain = access;
  while (ts.isPropertyAccessExpression(chain.parent) && chain.parent.expression === chain) {
    chain = chain.parent;
    path.push(chain.name.text);
  }
  const sf = access.getSourceFile();
  return { path, element: isItem(access.expression), start: chain.getStart(sf), end: chain.getEnd(), compared: comparesWith(chain), file: sf.fileName, typeName };
}
function isItem(value) {
  const inner = skipParens(value);
  if (ts.isElementAccessExpression(inner)) return true;
  if (!ts.isIdentifier(inner)) return false;
  for (let node = inner.parent; node; node = node.parent) {
    if (ts.isForOfStatement(node) && declaresName(node.initializer, inner.text)) return true;
    if (ts.isFunctionLike(node) && node.parameters.some((p) => bindsName(p.name, inner.text))) {
      const call = node.parent;
      const method = call && ts.isCallExpression(call) && ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : void 0;
      return method !== void 0 && ITERATE.has(method) && call.arguments[0] === node;
    }
  }
  return false;
}
function declaresName(initializer, name) {
  return ts.isVariableDeclarationList(initializer) ? initializer.declarations.some((d) => bindsName(d.name, name)) : false;
}
function bindsName(binding, name) {
  if (ts.isIdentifier(binding)) return binding.text === name;
  return binding.elements.some((e) => !ts.isOmittedExpression(e) && bindsName(e.name, name));
}
function comparesWith(read) {
  const literal = (n) => {
    if (!n || !(ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n))) return [];
    const sf = n.getSourceFile();
    const quote = sf.text[n.getStart(sf)];
    return [{ value: n.text, start: n.getStart(sf), end: n.getEnd(), quote }];
  };
  const parent = read.parent;
  const equality = [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken];
  if (ts.isBinaryExpression(parent) && equality.includes(parent.operatorToken.kind)) return literal(parent.left === read ? parent.right : parent.left);
  if (ts.isSwitchStatement(parent) && parent.expression === read) return parent.caseBlock.clauses.flatMap((c) => ts.isCaseClause(c) ? literal(c.expression) : []);
  return [];
}
function returnsResultOf(body, call) {
  const holders = /* @__PURE__ */ new Set();
  const decl = enclosingDeclaration(call, body);
  if (decl) collectNames(decl.name, holders);
  const mentions = (expr) => {
    if (contains(expr, call)) return true;
    let found = false;
    const visit2 = (n) => {
      if (found) return;
      if (ts.isIdentifier(n) && holders.has(n.text)) found = true;
      else ts.forEachChild(n, visit2);
    };
    visit2(expr);
    return found;
  };
  if (!ts.isBlock(body)) return mentions(body);
  let returns = false;
  const visit = (n) => {
    if (returns || ts.isFunctionLike(n) && n !== body.parent) return;
    if (ts.isReturnStatement(n) && n.expression && mentions(n.expression)) returns = true;
    else ts.forEachChild(n, visit);
  };
  visit(body);
  return returns;
}
function enclosingDeclaration(node, stop) {
  for (let n = node.parent; n && n !== stop; n = n.parent) if (ts.isVariableDeclaration(n)) return n;
  return void 0;
}
function collectNames(binding, out) {
  if (ts.isIdentifier(binding)) out.add(binding.text);
  else for (const e of binding.elements) if (!ts.isOmittedExpression(e)) collectNames(e.name, out);
}
function contains(outer, inner) {
  return inner.pos >= outer.pos && inner.end <= outer.end && inner.getSourceFile() === outer.getSourceFile();
}
function skipParens(e) {
  while (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e) || ts.isAsExpression(e)) e = e.expression;
  return e;
}
function nodeSpanning(sf, start, end) {
  let node = sf;
  for (; ; ) {
    const child = node.getChildren(sf).find((c) => c.getStart(sf) <= start && c.getEnd() >= end);
    if (!child) return void 0;
    if (child.getStart(sf) === start && child.getEnd() === end && (ts.isCallExpression(child) || ts.isNewExpression(child))) return child;
    if (child === node) return void 0;
    node = child;
  }
}
export {
  typedReads
};
