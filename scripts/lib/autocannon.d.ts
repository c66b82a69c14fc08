// autocannon 9 ships no types; the part of its programmatic API the benchmark uses.
declare module "autocannon" {
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    /** Total requests to send, instead of a duration. */
    amount?: number;
  };
  type Result = {
    requests: { average: number; mean: number; total: number };
    latency: { p50: number; p97_5: number; p99: number; average: number; max: number };
    non2xx: number;
    "2xx": number;
    "3xx": number;
    "4xx": number;
    "5xx": number;
    errors: number;
    timeouts: number;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
