/**
 * `[sim:…]` directives let a test or a demo steer the simulator from the
 * message text itself, so the same request always acts out the same thing.
 */
export type ContinuationArtifact = 'repeat-tail' | 'restart-line' | 'no-newline' | 'none';

export const CONTINUATION_ARTIFACTS: readonly ContinuationArtifact[] = ['repeat-tail', 'restart-line', 'no-newline', 'none'];

export interface Directives {
  /** `[sim:error]`: HTTP 500 before any output. */
  error: boolean;
  /** `[sim:error-midstream]`: some text, then an error event and no finish. */
  errorMidstream: boolean;
  /** `[sim:slow]`: ten times the token delay. */
  slow: boolean;
  /** `[sim:delay=MS]`: exact token delay. */
  delayMs: number | null;
  /** `[sim:endless]`: every response (continuations too) hits the output ceiling. */
  endless: boolean;
  /** `[sim:list N]`: a numbered list of N unique items. */
  listLength: number | null;
  /** `[sim:text+tool]`: some text, then a tool call, in one response. */
  textThenTool: boolean;
  /** `[sim:parallel-tools]`: two tool calls whose argument pieces interleave. */
  parallelTools: boolean;
  /** `[sim:artifact=…]`: which continuation artifact to act out. */
  artifact: ContinuationArtifact | null;
  /** `[sim:markdown]`: an answer with code, math, a table and a footnote. */
  markdown: boolean;
  /** `[sim:echo]`: the answer is the person's words as they are (hostile content for the renderers' tests). */
  echo: boolean;
  /** `[sim:call=NAME {json}]`: a call of this tool with these arguments, when it is offered (any tool, an MCP server's too). */
  call: { name: string; arguments: string } | null;
}

const DIRECTIVE = /\[sim:([^\]\n]+)\]/g;

export function parseDirectives(text: string): Directives {
  const directives: Directives = {
    error: false,
    errorMidstream: false,
    slow: false,
    delayMs: null,
    endless: false,
    listLength: null,
    textThenTool: false,
    parallelTools: false,
    artifact: null,
    markdown: false,
    echo: false,
    call: null,
  };
  for (const match of text.matchAll(DIRECTIVE)) {
    const body = match[1].trim().toLowerCase();
    if (body === 'error') directives.error = true;
    else if (body === 'error-midstream') directives.errorMidstream = true;
    else if (body === 'slow') directives.slow = true;
    else if (body === 'endless') directives.endless = true;
    else if (body === 'text+tool') directives.textThenTool = true;
    else if (body === 'parallel-tools') directives.parallelTools = true;
    else if (body === 'markdown') directives.markdown = true;
    else if (body === 'echo') directives.echo = true;
    else if (body.startsWith('call=')) directives.call = toolCall(match[1].trim().slice(5));
    else if (body.startsWith('delay=')) directives.delayMs = nonNegativeInt(body.slice(6));
    else if (body.startsWith('list')) directives.listLength = nonNegativeInt(body.slice(4));
    else if (body.startsWith('artifact=')) {
      const artifact = body.slice(9) as ContinuationArtifact;
      if (CONTINUATION_ARTIFACTS.includes(artifact)) directives.artifact = artifact;
    }
  }
  return directives;
}

export function hasDirective(text: string, name: string): boolean {
  return text.toLowerCase().includes(`[sim:${name}]`);
}

/** Removes directives (and the space before each) but nothing else: service inputs keep their exact text. */
export function stripDirectives(text: string): string {
  return text.replace(/[ \t]?\[sim:[^\]\n]+\]/g, '');
}

/** `NAME {json}` as written (the name and arguments keep their case); no arguments is `{}`. */
function toolCall(raw: string): { name: string; arguments: string } | null {
  const [, name, args] = /^\s*([\w-]+)\s*(.*)$/s.exec(raw) ?? [];
  return name ? { name, arguments: args?.trim() || '{}' } : null;
}

function nonNegativeInt(raw: string): number | null {
  const value = Number.parseInt(raw.trim().replace(/^[=:\s]+/, ''), 10);
  return Number.isFinite(value) && value >= 0 ? value : null;
}
