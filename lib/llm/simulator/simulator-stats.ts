import type { SimulatorCloseReason, SimulatorObserver } from './types';

/** One chat/completions request as the standalone server saw it. */
export interface SimulatedRequestRecord {
  requestId: string;
  turnId: string | null;
  jobId: string | null;
  model: string;
  purpose: string;
  stream: boolean;
  startedAt: number;
  /** When the HTTP connection closed (node `close` event), and why. */
  closedAt: number | null;
  closeReason: SimulatorCloseReason | null;
  /** When the generator stopped producing (the handler's own close), and why. */
  generationStoppedAt: number | null;
  generationStopReason: SimulatorCloseReason | null;
  chunksSent: number;
  lastChunkAt: number | null;
}

/**
 * What the server observed, so tests and benchmarks can assert "exactly two
 * calls for turn X" and "the connection closed within 200 ms of the abort".
 */
export class SimulatorStats {
  readonly requests: SimulatedRequestRecord[] = [];

  callsForTurn(turnId: string): number {
    return this.requestsForTurn(turnId).length;
  }

  requestsForTurn(turnId: string): SimulatedRequestRecord[] {
    return this.requests.filter((r) => r.turnId === turnId);
  }

  byId(requestId: string): SimulatedRequestRecord | undefined {
    return this.requests.find((r) => r.requestId === requestId);
  }

  reset(): void {
    this.requests.length = 0;
  }

  /** Records the handler's view; `connectionClosed` records the socket's. */
  observer(): Required<SimulatorObserver> {
    return {
      onRequest: (info) => {
        this.requests.push({
          requestId: info.requestId,
          turnId: info.turnId,
          jobId: info.jobId,
          model: info.model,
          purpose: info.purpose,
          stream: info.stream,
          startedAt: info.at,
          closedAt: null,
          closeReason: null,
          generationStoppedAt: null,
          generationStopReason: null,
          chunksSent: 0,
          lastChunkAt: null,
        });
      },
      onChunk: (info) => {
        const record = this.byId(info.requestId);
        if (record) {
          record.chunksSent += 1;
          record.lastChunkAt = info.at;
        }
      },
      onClose: (info) => {
        const record = this.byId(info.requestId);
        if (record && record.generationStoppedAt === null) {
          record.generationStoppedAt = info.at;
          record.generationStopReason = info.reason;
        }
      },
    };
  }

  connectionClosed(requestId: string, reason: SimulatorCloseReason, at: number): void {
    const record = this.byId(requestId);
    if (record && record.closedAt === null) {
      record.closedAt = at;
      // A handler-reported error (500, mid-stream failure) stays an error even though the socket ended cleanly.
      record.closeReason = reason === 'completed' && record.generationStopReason === 'error' ? 'error' : reason;
    }
  }
}
