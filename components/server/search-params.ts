/** A page's query parameters as Next.js hands them over: a name given twice (?user=a&user=b) is an array. */
export type SearchParams = Record<string, string | string[] | undefined>;

/** The named parameters, each its first value: a repeated name counts once, and never reaches the code as an array. */
export function firstValues<K extends string>(params: SearchParams, names: readonly K[]): Partial<Record<K, string>> {
  const query: Partial<Record<K, string>> = {};
  for (const name of names) {
    const value = params[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) query[name] = first;
  }
  return query;
}
