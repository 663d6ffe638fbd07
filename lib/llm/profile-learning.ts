import type { ProviderProfile } from './provider-profile';

/**
 * What a refused request's error says the endpoint does not take, as a change to
 * the profile; null when the error names nothing we can leave out. Each rule is
 * written from the provider's own error text (cited), matched loosely: gateways
 * wrap these messages in their own.
 */
export function lessonFromRefusal(status: number | undefined, text: string, profile: ProviderProfile): Partial<ProviderProfile> | null {
  if (status !== undefined && ![400, 404, 422, 500, 501].includes(status)) return null;
  const t = text.toLowerCase();
  const lessons: Array<[boolean, Partial<ProviderProfile>]> = [
    // OpenAI: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead."
    [
      profile.outputLimitField === 'max_tokens' && /max_tokens/.test(t) && /max_completion_tokens/.test(t),
      { outputLimitField: 'max_completion_tokens' },
    ],
    // an older server that knows only max_tokens: "Unrecognized request argument supplied: max_completion_tokens"
    [
      profile.outputLimitField === 'max_completion_tokens' &&
        /max_completion_tokens/.test(t) &&
        /(unrecognized|unknown|unsupported|not permitted|extra)/.test(t),
      { outputLimitField: 'max_tokens' },
    ],
    // Mistral: 422 "Extra inputs are not permitted" at loc ["body", "stream_options"]
    [profile.streamOptions && /stream_options/.test(t), { streamOptions: false }],
    // llama.cpp without --jinja: 500 "tools param requires --jinja flag"; others: "does not support tools"
    [
      profile.tools &&
        /(--jinja|does not support tools|tools are not supported|tool use is not supported|tool calling is not supported)/.test(t),
      { tools: false },
    ],
    // vLLM: 400 "\"auto\" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set"
    [profile.toolChoice && /tool[ _]choice/.test(t), { toolChoice: false }],
    // a strict request model that does not know the thinking a tool round sends back: "messages.1.reasoning_content: Extra inputs are not permitted"
    [
      profile.echoReasoning &&
        /reasoning_content/.test(t) &&
        /(extra|not permitted|unknown|unrecognized|unsupported|cannot find field)/.test(t),
      { echoReasoning: false },
    ],
    // Gemini's OpenAI layer: "Invalid JSON payload received. Unknown name \"$schema\"" / "additionalProperties"
    [profile.schemaDialect === 'json-schema' && /(\$schema|additionalproperties)/.test(t), { schemaDialect: 'openapi-subset' }],
    // Mistral/Gemma chat templates: "Conversation roles must alternate user/assistant/user/assistant/..."
    [!profile.alternateRoles && /(roles must alternate|must alternate|alternating)/.test(t), { alternateRoles: true }],
    // "response_format … json_schema is not supported"
    [profile.structuredOutputs && /(response_format|json_schema)/.test(t), { structuredOutputs: false }],
  ];
  const found = lessons.find(([applies]) => applies);
  return found ? found[1] : null;
}
