/**
 * How one OpenAI-compatible endpoint differs from OpenAI's own API. Every model
 * request is written in OpenAI's shape by the AI SDK; `adaptRequest` then turns
 * it into what this provider accepts. Defaults per provider kind come from each
 * provider's documentation (cited per entry); what a deployment's endpoint
 * refuses anyway is learned from its error and remembered per model
 * (profile-learning.ts).
 */
export interface ProviderProfile {
  kind: ProviderKind;
  /** the request field that caps the reply */
  outputLimitField: 'max_tokens' | 'max_completion_tokens';
  /** `stream_options: {include_usage: true}` (usage in a last chunk) is accepted */
  streamOptions: boolean;
  /** `tool_choice` is accepted (else tools are offered without it: "auto" is every provider's default) */
  toolChoice: boolean;
  /** tools may be offered at all */
  tools: boolean;
  /** JSON Schema of tool parameters and response formats: everything, or the OpenAPI 3.0 subset (no `$schema`, `additionalProperties`, …) */
  schemaDialect: 'json-schema' | 'openapi-subset';
  /** the chat template demands user and assistant turns alternate, starting with the user (Mistral and Gemma templates) */
  alternateRoles: boolean;
  /**
   * `response_format: {type: json_schema}` may be sent: it is sent only for models whose catalog entry asks for
   * structured output, and left out once the endpoint refused it (the tolerant reader then does the work)
   */
  structuredOutputs: boolean;
  /** thinking tokens are counted only in `total_tokens`, not in `completion_tokens` */
  reasoningOnlyInTotal: boolean;
  /** a tool round's reasoning goes back as `reasoning_content` on its assistant message (DeepSeek's thinking mode requires it) */
  echoReasoning: boolean;
}

export const PROVIDER_KINDS = [
  'openai',
  'azure',
  'openrouter',
  'anthropic',
  'gemini',
  'mistral',
  'deepseek',
  'groq',
  'together',
  'xai',
  'vllm',
  'llamacpp',
  'ollama',
  'lmstudio',
  'litellm',
  'generic',
] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

const OPENAI_LIKE: Omit<ProviderProfile, 'kind'> = {
  outputLimitField: 'max_tokens',
  streamOptions: true,
  toolChoice: true,
  tools: true,
  schemaDialect: 'json-schema',
  alternateRoles: false,
  structuredOutputs: true,
  reasoningOnlyInTotal: false,
  echoReasoning: true,
};

/** Per provider kind: what its documentation says its chat completions endpoint takes. */
const KIND_DEFAULTS: Record<ProviderKind, Omit<ProviderProfile, 'kind'>> = {
  // platform.openai.com/docs/api-reference/chat/create: `max_tokens` is deprecated and refused by o-series and
  // gpt-5 models ("Unsupported parameter: 'max_tokens' … Use 'max_completion_tokens'"), which every model accepts
  openai: { ...OPENAI_LIKE, outputLimitField: 'max_completion_tokens' },
  // learn.microsoft.com/azure/ai-services/openai/reference: the same parameters as OpenAI's API
  azure: { ...OPENAI_LIKE, outputLimitField: 'max_completion_tokens' },
  // openrouter.ai/docs/api-reference/overview: OpenAI's request shape, normalised per upstream; usage is always sent
  openrouter: { ...OPENAI_LIKE },
  // docs.anthropic.com/en/api/openai-sdk: `stream_options.include_usage` works, `response_format` is ignored,
  // strict JSON schema is not guaranteed
  anthropic: { ...OPENAI_LIKE },
  // ai.google.dev/gemini-api/docs/openai: a subset of OpenAPI schema for tool parameters (older versions refuse
  // `$schema` and `additionalProperties`); thinking tokens are in `total_tokens` only
  gemini: { ...OPENAI_LIKE, schemaDialect: 'openapi-subset', reasoningOnlyInTotal: true },
  // docs.mistral.ai/api: a strict request model ("Extra inputs are not permitted" for `stream_options`); usage
  // comes in the last chunk anyway; Mistral's templates want roles to alternate
  mistral: { ...OPENAI_LIKE, streamOptions: false, alternateRoles: true, echoReasoning: false },
  // api-docs.deepseek.com: OpenAI's shape; in thinking mode `reasoning_content` of a tool round goes back
  deepseek: { ...OPENAI_LIKE },
  // console.groq.com/docs/openai: OpenAI's shape, `stream_options` accepted
  groq: { ...OPENAI_LIKE },
  // docs.together.ai/docs/openai-api-compatibility
  together: { ...OPENAI_LIKE },
  // docs.x.ai/docs/api-reference#chat-completions
  xai: { ...OPENAI_LIKE },
  // docs.vllm.ai/en/latest/features/tool_calling.html: `tool_choice: "auto"` needs --enable-auto-tool-choice;
  // without `tool_choice` the request is served. Chat templates may require alternating roles (learned).
  vllm: { ...OPENAI_LIKE, toolChoice: false },
  // github.com/ggml-org/llama.cpp/tree/master/tools/server: tools only with --jinja (learned from the error)
  llamacpp: { ...OPENAI_LIKE, toolChoice: false },
  // github.com/ollama/ollama/blob/main/docs/openai.md: usage in stream since 0.5.2 (older ones ignore the field)
  ollama: { ...OPENAI_LIKE, toolChoice: false },
  // lmstudio.ai/docs/app/api/endpoints/openai
  lmstudio: { ...OPENAI_LIKE, toolChoice: false },
  // docs.litellm.ai/docs/completion/input: OpenAI's shape, translated per backend
  litellm: { ...OPENAI_LIKE },
  generic: { ...OPENAI_LIKE },
};

/** The provider kind a base URL names, when it is one of the hosted APIs or a local server's usual port. */
export function detectProviderKind(baseUrl: string): ProviderKind {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return 'generic';
  }
  const host = url.hostname.toLowerCase();
  const byHost: Array<[RegExp, ProviderKind]> = [
    [/(^|\.)api\.openai\.com$/, 'openai'],
    [/\.openai\.azure\.com$|\.cognitiveservices\.azure\.com$|\.services\.ai\.azure\.com$/, 'azure'],
    [/(^|\.)openrouter\.ai$/, 'openrouter'],
    [/(^|\.)api\.anthropic\.com$/, 'anthropic'],
    [/(^|\.)generativelanguage\.googleapis\.com$/, 'gemini'],
    [/(^|\.)api\.mistral\.ai$/, 'mistral'],
    [/(^|\.)api\.deepseek\.com$/, 'deepseek'],
    [/(^|\.)api\.groq\.com$/, 'groq'],
    [/(^|\.)api\.together\.(xyz|ai)$/, 'together'],
    [/(^|\.)api\.x\.ai$/, 'xai'],
  ];
  for (const [pattern, kind] of byHost) if (pattern.test(host)) return kind;
  // local servers on their documented default ports
  const byPort: Record<string, ProviderKind> = { '11434': 'ollama', '1234': 'lmstudio', '4000': 'litellm' };
  return byPort[url.port] ?? 'generic';
}

/** The profile of a model at an endpoint: its kind's defaults, refined by what the model id says. */
export function profileFor(kind: ProviderKind, modelId: string): ProviderProfile {
  const profile: ProviderProfile = { kind, ...KIND_DEFAULTS[kind] };
  // OpenAI's reasoning models behind a gateway still refuse `max_tokens`
  if (kind === 'generic' && /(^|\/)(o\d|gpt-5)/i.test(modelId)) profile.outputLimitField = 'max_completion_tokens';
  return profile;
}

/**
 * One model's profile at one endpoint, for the life of the process: its kind's
 * defaults, and every lesson a refused request taught (profile-learning.ts).
 */
export class ModelProfile {
  private profile: ProviderProfile;
  constructor(
    kind: ProviderKind,
    readonly modelId: string,
    private readonly onLearn?: (line: Record<string, unknown>) => void,
  ) {
    this.profile = profileFor(kind, modelId);
  }

  get current(): ProviderProfile {
    return this.profile;
  }

  learn(lesson: Partial<ProviderProfile>, evidence: string): void {
    this.profile = { ...this.profile, ...lesson };
    this.onLearn?.({
      event: 'provider_profile_learned',
      model: this.modelId,
      kind: this.profile.kind,
      lesson,
      evidence: evidence.slice(0, 300),
    });
  }
}
