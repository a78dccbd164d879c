/** Types of scripts/pg-cluster.mjs (a plain module, so the bench can import it without a build). */
export function postgresBin(): string;
export function freePort(): Promise<number>;
export interface Cluster {
  url: string;
  port: number;
  dir: string;
  restart(): void;
  kill(): void;
  start(): void;
  killAsync(): Promise<unknown>;
  startAsync(): Promise<unknown>;
  stop(): void;
}
export function startCluster(options?: {
  fsync?: boolean;
  maxConnections?: number;
  /** More server settings, each passed as `-c name=value` (plain names and values only). */
  settings?: Record<string, string | number | boolean>;
}): Promise<Cluster>;
