/** A public web-search provider: queries in, links to read out. */
export interface PublicSearchProvider {
  name: string;
  search(query: string, signal: AbortSignal): Promise<PublicSearchResult[]>;
}

export interface PublicSearchResult {
  title: string;
  url: string;
}

/**
 * Public research runs only where the deployment enables it AND the request
 * allows it: a permission can only narrow, never widen. When this is false the
 * public part of research is skipped entirely (no call at all), not degraded.
 */
export function publicSearchAllowed(
  deploymentAllows: boolean,
  requestAllows: boolean,
  provider: PublicSearchProvider | null,
): provider is PublicSearchProvider {
  return deploymentAllows && requestAllows && provider !== null;
}
