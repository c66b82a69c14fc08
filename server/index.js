// The launcher: plain JavaScript so Node 20 runs it without a TypeScript step.
// One process serves pages and runs the job worker (server/serve.js). With WEB_PROCESSES=N (N > 1) this process
// supervises N web processes sharing the port plus one process for the job worker (server/processes.js,
// docs/decisions/080-replicas-and-processes.md).
import { superviseProcesses, supervises } from "./processes.js";

if (supervises()) superviseProcesses();
else await import("./serve.js");
