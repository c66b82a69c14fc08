import type { Migration } from "kysely";
import * as m0001 from "./0001_initial";

// Listed by hand so the server bundle carries them and the order is explicit.
export const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
};
