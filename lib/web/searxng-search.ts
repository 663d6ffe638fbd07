import type { PublicSearchProvider, PublicSearchResult } from './public-search';

const SEARCH_TIMEOUT_MS = 10_000;

/**
 * SearXNG's JSON API (`GET <base>/search?q=…&format=json`; the instance must
 * list `json` under `search.formats`). The operator's own instance, so its
 * address is not held to the rules for fetched links.
 */
export function searxngSearch(baseUrl: string): PublicSearchProvider {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    name: 'searxng',
    async search(query, signal) {
      const url = `${base}/search?${new URLSearchParams({ q: query, format: 'json' })}`;
      const response = await fetch(url, {
        signal: AbortSignal.any([signal, AbortSignal.timeout(SEARCH_TIMEOUT_MS)]),
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`SearXNG answered ${response.status} for “${query}”.`);
      const body = (await response.json()) as { results?: Array<{ url?: unknown; title?: unknown }> };
      const results: PublicSearchResult[] = [];
      for (const item of body.results ?? []) {
        if (typeof item.url !== 'string' || !/^https?:\/\//i.test(item.url)) continue;
        results.push({ url: item.url, title: typeof item.title === 'string' && item.title.trim() ? item.title.trim() : item.url });
      }
      return results;
    },
  };
}

/** The provider the deployment configured (SEARCH_PROVIDER, SEARXNG_URL), or none. */
export function publicSearchFromConfig(search: { provider?: 'searxng'; searxngUrl?: string }): PublicSearchProvider | null {
  if (search.provider === 'searxng' && search.searxngUrl) return searxngSearch(search.searxngUrl);
  return null;
}
