import { ApiError, parseApiError } from '@/components/api/fetch-json';
import type {
  AcceptedProposalJson,
  AcceptProposalBody,
  DismissFlagBody,
  FlagDismissedJson,
  ProposalRejectedJson,
  RestoreBody,
  RewriteBody,
  RewriteResponse,
  SectionEditBody,
  SectionSavedJson,
  SectionSnapshot,
} from './canvas-types';

/** A 409 from any section write: the section moved on; `current` is what the server has now. */
export class SectionConflictError extends Error {
  constructor(
    message: string,
    readonly current: SectionSnapshot,
  ) {
    super(message);
    this.name = 'SectionConflictError';
  }
}

async function sectionRequest<T>(url: string, method: 'GET' | 'POST' | 'PATCH', body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    cache: 'no-store',
  });
  const text = await response.text();
  if (response.status === 409) {
    const parsed = safeJson(text) as { error?: { message?: string }; current?: SectionSnapshot } | null;
    if (parsed?.current && typeof parsed.current.version === 'number') {
      throw new SectionConflictError(parsed.error?.message ?? 'The section changed.', parsed.current);
    }
  }
  if (!response.ok) throw parseApiError(response.status, text);
  return (text ? JSON.parse(text) : null) as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    if (error instanceof SyntaxError) return null;
    throw error;
  }
}

const base = (sectionId: string) => `/api/sections/${encodeURIComponent(sectionId)}`;

export const sectionApi = {
  /** `resolvesConflict`: "keep mine" after a conflict, a version of its own */
  save: (sectionId: string, body: string, baseVersion: number, resolvesConflict?: boolean) =>
    sectionRequest<SectionSavedJson>(base(sectionId), 'PATCH', { body, baseVersion, resolvesConflict } satisfies SectionEditBody),
  restore: (sectionId: string, version: number, baseVersion: number) =>
    sectionRequest<SectionSavedJson>(`${base(sectionId)}/restore`, 'POST', { version, baseVersion } satisfies RestoreBody),
  rewrite: (sectionId: string, input: RewriteBody) => sectionRequest<RewriteResponse>(`${base(sectionId)}/rewrite`, 'POST', input),
  accept: (sectionId: string, proposalId: string, baseVersion: number) =>
    sectionRequest<AcceptedProposalJson>(`${base(sectionId)}/proposals/${encodeURIComponent(proposalId)}/accept`, 'POST', {
      baseVersion,
    } satisfies AcceptProposalBody),
  dismissFlag: (sectionId: string, token: string, reason: string) =>
    sectionRequest<FlagDismissedJson>(`${base(sectionId)}/flags/dismiss`, 'POST', { token, reason } satisfies DismissFlagBody),
  reject: (sectionId: string, proposalId: string) =>
    sectionRequest<ProposalRejectedJson>(`${base(sectionId)}/proposals/${encodeURIComponent(proposalId)}/reject`, 'POST', {}),
};
