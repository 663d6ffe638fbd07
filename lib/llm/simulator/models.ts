import type { ModelInfo } from '../catalog';

/**
 * A model the simulator serves: the catalog's own description of a model, less
 * what only the catalog knows (that it is simulated, which endpoint serves it).
 * A reasoning model streams `reasoning_content` before the answer, spending part
 * of its ceiling on it. Without structured outputs the model refuses a schema
 * with a 400 and wraps JSON replies in prose, like the small models that need
 * Quire's tolerant parser.
 */
export type SimulatedModel = Omit<ModelInfo, 'simulated' | 'provider'>;

export const SIMULATED_MODELS: readonly SimulatedModel[] = [
  {
    id: 'sim-swift',
    label: 'Sim Swift (offline demo model)',
    contextWindow: 16_000,
    maxOutputTokens: 2_400,
    inputPrice: 0.15,
    outputPrice: 0.6,
    reasoning: false,
    structuredOutputs: true,
    vision: true,
  },
  {
    id: 'sim-sage',
    label: 'Sim Sage (offline demo model)',
    contextWindow: 64_000,
    maxOutputTokens: 4_000,
    inputPrice: 2,
    outputPrice: 8,
    reasoning: false,
    structuredOutputs: true,
    vision: true,
  },
  {
    id: 'sim-reasoner',
    label: 'Sim Reasoner (offline demo model, thinks first)',
    contextWindow: 32_000,
    maxOutputTokens: 4_000,
    inputPrice: 1,
    outputPrice: 4,
    reasoning: true,
    structuredOutputs: true,
    vision: false,
  },
  {
    id: 'sim-mini',
    label: 'Sim Mini (offline demo model, free)',
    contextWindow: 8_000,
    maxOutputTokens: 1_200,
    inputPrice: 0,
    outputPrice: 0,
    reasoning: false,
    structuredOutputs: false,
    vision: false,
  },
];

export function findSimulatedModel(id: string): SimulatedModel | undefined {
  return SIMULATED_MODELS.find((model) => model.id === id);
}
