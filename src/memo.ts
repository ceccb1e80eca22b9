// Values worked out once per object (a tree's flattened nodes, a call's URL segments, a call state's view),
// kept on the object itself under a symbol of each cache's own, as a property that is neither enumerable nor
// writable: spreads, `Object.assign`, `for…in`, JSON and structured clones never see it.
//
// Why not a WeakMap, which does the same: V8 re-examines a WeakMap's entries at every collection of the young
// generation, and these caches hold an entry for every call and tree of a run. On the dense benchmark corpus
// the WeakMaps cost a fifth of the young-generation collections' time; a property costs them nothing.

/**
 * A function of an object computed at most once per object (an object that cannot be extended is not cached).
 * A second argument is handed to `compute` the first time only: it must be fixed by the object.
 */
export function memoOn<K extends object, V, A = undefined>(compute: (key: K, fixed: A) => V): (key: K, fixed?: A) => V {
  const slot = Symbol('memo');
  return (key, fixed) => {
    const holder = key as K & { [slot]?: V };
    if (slot in holder) return holder[slot] as V;
    const value = compute(key, fixed as A);
    if (Object.isExtensible(key)) Object.defineProperty(key, slot, { value });
    return value;
  };
}
