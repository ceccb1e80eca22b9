// What yargs hands over for a flag that may be given several times: nothing, one value, or an array.

/** A repeatable flag's values as a list. */
export function list(value: string | string[] | undefined): string[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}
