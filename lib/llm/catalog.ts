import { z } from 'zod';

export interface ModelInfo {
  id: string;
  label: string;
  contextWindow: number;
  maxOutputTokens: number;
  /** USD per million input tokens */
  inputPrice: number;
  /** USD per million output tokens (reasoning tokens are output tokens) */
  outputPrice: number;
  reasoning: boolean;
  /**
   * The endpoint honours `response_format: json_schema` for this model: steps
   * that want JSON send their schema and read the reply strictly. Otherwise
   * they ask in the prompt and read the reply with the tolerant parser.
   */
  structuredOutputs: boolean;
  /** the model reads images: a chat message's images go to it as image parts (others refuse such a message) */
  vision: boolean;
  simulated: boolean;
  /** the endpoint that serves it (LLM_PROVIDERS' id, or the host of LLM_BASE_URL), shown beside its name */
  provider?: string;
}

const modelEntry = z.union([
  z
    .string()
    .min(1)
    .transform((id) => ({ id })),
  z.object({
    id: z.string().min(1),
    label: z.string().optional(),
    contextWindow: z.number().int().positive().optional(),
    maxOutputTokens: z.number().int().positive().optional(),
    inputPrice: z.number().nonnegative().optional(),
    outputPrice: z.number().nonnegative().optional(),
    reasoning: z.boolean().optional(),
    structuredOutputs: z.boolean().optional(),
    vision: z.boolean().optional(),
  }),
]);

/**
 * LLM_MODELS is a JSON array of model entries or a comma-separated list of ids
 * (free, default window). Unset: the simulator's models.
 */
export function parseModelCatalog(
  raw: string | undefined,
  defaults: { maxOutputTokens: number },
  simulated: ReadonlyArray<Omit<ModelInfo, 'simulated'>>,
): ModelInfo[] {
  if (!raw?.trim()) return simulated.map((m) => ({ ...m, simulated: true }));
  const text = raw.trim();
  let entries: unknown[];
  if (text.startsWith('[')) {
    try {
      entries = JSON.parse(text);
    } catch (error) {
      throw new Error(`LLM_MODELS is not valid JSON: ${(error as Error).message}`);
    }
  } else {
    entries = text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  }
  const parsed = z.array(modelEntry).min(1).safeParse(entries);
  if (!parsed.success) throw new Error(`LLM_MODELS is invalid: ${parsed.error.issues[0]?.message}`);
  return parsed.data.map((m) => ({
    id: m.id,
    label: ('label' in m && m.label) || m.id,
    contextWindow: ('contextWindow' in m && m.contextWindow) || 128_000,
    maxOutputTokens: ('maxOutputTokens' in m && m.maxOutputTokens) || defaults.maxOutputTokens,
    inputPrice: ('inputPrice' in m && m.inputPrice) || 0,
    outputPrice: ('outputPrice' in m && m.outputPrice) || 0,
    reasoning: ('reasoning' in m && m.reasoning) || false,
    // off unless said: an endpoint that rejects response_format would fail every JSON step
    structuredOutputs: ('structuredOutputs' in m && m.structuredOutputs) || false,
    // off unless said: an endpoint that does not read images answers an image part with a 400
    vision: ('vision' in m && m.vision) || false,
    simulated: false,
  }));
}

export class ModelCatalog {
  constructor(readonly models: ModelInfo[]) {}

  get default(): ModelInfo {
    return this.models[0]!;
  }

  find(id: string | null | undefined): ModelInfo | undefined {
    return id ? this.models.find((m) => m.id === id) : undefined;
  }
}
