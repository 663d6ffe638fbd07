/** The offline model simulator: an OpenAI-compatible endpoint for demos, tests and benchmarks. */
export { handleSimulatorRequest } from './handler';
export { SIMULATED_MODELS, findSimulatedModel, type SimulatedModel } from './models';
export { startSimulatorServer, type SimulatorServer, type SimulatorServerOptions } from './node-server';
export { SimulatorStats, type SimulatedRequestRecord } from './simulator-stats';
export type {
  SimulatorCloseInfo,
  SimulatorCloseReason,
  SimulatorObserver,
  SimulatorOptions,
  SimulatorRequestInfo,
} from './types';
