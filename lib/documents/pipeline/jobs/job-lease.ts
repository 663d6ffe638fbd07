import { Prisma } from '@/lib/generated/prisma/client';

/** What a worker holds while it runs a job: every write it makes is checked against `token`. */
export interface JobLease {
  jobId: string;
  documentId: string;
  workerId: string;
  /** the job's fencing token at the moment of the claim */
  token: number;
  leaseMs: number;
}

/** Thrown when a write finds the job's fencing token moved on: another worker owns the job now. */
export class LeaseLostError extends Error {
  constructor(readonly jobId: string) {
    super(`The lease on job ${jobId} was lost; another worker took it over.`);
    this.name = 'LeaseLostError';
  }
}

/** The database's clock in UTC (timestamp columns hold UTC): leases never depend on a worker's clock. */
export const DB_NOW = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

export const leaseUntil = (leaseMs: number) => Prisma.sql`(${DB_NOW} + ${leaseMs} * interval '1 millisecond')`;

/** Statuses a worker may claim; the others wait for a person (answers, resume) or are final. */
export const RUNNABLE_STATUSES = ['queued', 'planning', 'researching', 'writing', 'finalizing'] as const;
