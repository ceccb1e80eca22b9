// Functions of common libraries that recognition sees through, by what they do with the function they are
// given. Adding one is a row.
import type { Node } from '@babel/types';
import { propertyName, unwrap } from '../parse/walk.js';
import { requireSource } from './evaluate.js';
import { heldValue, type ScopeInfo } from './scope.js';

/**
 * - `invoker`: hands the function it is given the arguments after it. redux-saga's effects run it (`yield
 *   call(api.delete, url)`, `call([api, api.post], url, body)`); partial application fills them in for a later
 *   call (`async.apply(request.get, url)` in an `async.waterfall`, lodash's `_.partial(got.delete, url)`). The
 *   request is that function's with those arguments.
 * - `same`: returns a function that calls the one it is given with its own arguments and returns its result
 *   (memoizers, `once`): calling it is calling that function (`clientFor(host).put(…)` of `clientFor =
 *   memoize((host) => got.extend(…))`).
 */
export type LibraryRole = 'invoker' | 'same';

/** By module, the roles of its functions (`default`: the module is the function). */
const ROLES: ReadonlyMap<string, Readonly<Record<string, LibraryRole>>> = new Map<string, Readonly<Record<string, LibraryRole>>>([
  ['redux-saga/effects', { call: 'invoker', fork: 'invoker', spawn: 'invoker' }],
  ['async', { apply: 'invoker' }],
  ['neo-async', { apply: 'invoker' }],
  ['async-es', { apply: 'invoker' }],
  ['lodash', { partial: 'invoker', memoize: 'same', once: 'same' }],
  ['lodash-es', { partial: 'invoker', memoize: 'same', once: 'same' }],
  ['underscore', { partial: 'invoker', memoize: 'same', once: 'same' }],
  ['lodash/partial', { default: 'invoker' }],
  ['lodash.partial', { default: 'invoker' }],
  ['lodash/memoize', { default: 'same' }],
  ['lodash.memoize', { default: 'same' }],
  ['lodash/once', { default: 'same' }],
  ['lodash.once', { default: 'same' }],
  ['once', { default: 'same' }],
  ['mem', { default: 'same' }],
  ['memoizee', { default: 'same' }],
  ['moize', { default: 'same' }],
  ['fast-memoize', { default: 'same' }],
  ['micro-memoize', { default: 'same' }],
  ['memoize-one', { default: 'same' }],
  ['p-memoize', { default: 'same' }],
]);

// Names that are a library without an import: lodash or underscore loaded by a script tag.
const GLOBAL_MODULES: ReadonlyMap<string, string> = new Map([['_', 'lodash']]);

/** What a callee does with the function it is given, when it is one of the libraries' functions above. */
export function libraryRole(callee: Node, scopes: ScopeInfo): LibraryRole | undefined {
  const fn = importedFunction(unwrap(callee), scopes);
  return fn && ROLES.get(fn.module)?.[fn.name];
}

/** The module and exported name a callee is (`call` imported, `async.apply` with `async = require('async')`, `_.partial`). */
function importedFunction(callee: Node, scopes: ScopeInfo): { module: string; name: string } | undefined {
  const moduleOf = (id: Node): { module: string; path: readonly string[] } | undefined => {
    if (id.type !== 'Identifier') return undefined;
    const b = scopes.bindingOf(id);
    if (!b) return GLOBAL_MODULES.has(id.name) ? { module: GLOBAL_MODULES.get(id.name)!, path: [] } : undefined;
    if (b.kind === 'import') return { module: b.module!, path: b.imported === '*' || b.imported === 'default' ? [] : [b.imported!] };
    const held = heldValue(b);
    const module = held && requireSource(unwrap(held));
    if (module === undefined) return undefined;
    const member = unwrap(held!);
    const inner = member.type === 'MemberExpression' ? propertyName(member.property as Node, member.computed) : undefined;
    return { module, path: [...(inner ? [inner] : []), ...b.path] };
  };
  if (callee.type === 'Identifier') {
    const found = moduleOf(callee);
    return found && found.path.length <= 1 ? { module: found.module, name: found.path[0] ?? 'default' } : undefined;
  }
  if (callee.type !== 'MemberExpression' || callee.computed) return undefined;
  const found = moduleOf(unwrap(callee.object as Node));
  const name = propertyName(callee.property as Node, false);
  return found && found.path.length === 0 && name ? { module: found.module, name } : undefined;
}
