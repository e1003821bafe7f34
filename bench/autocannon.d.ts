// The few parts of autocannon's API the benchmarks use (the package ships no types).
declare module "autocannon" {
  type Histogram = { average: number; p50: number; p99: number; mean: number };
  export type Result = {
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    "2xx": number;
    /** Answers received, 2xx or not. */
    requests: Histogram & { total: number };
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    body?: string | Buffer;
    headers?: Record<string, string>;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
