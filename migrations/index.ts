import type { Migration } from "kysely";
import * as m0001 from "./0001_initial";
import * as m0002GenerationState from "./0002_generation_state";
import * as m0003ArticlesList from "./0003_articles_list";
import * as m0004LinkChecks from "./0004_link_checks";
import * as m0008AiUsageAndStoredImages from "./0008_ai_usage_and_stored_images";

// Listed by hand so the server bundle carries them and the order is explicit.
export const migrations: Record<string, Migration> = {
  "0001_initial": m0001,
  "0002_generation_state": m0002GenerationState,
  "0003_articles_list": m0003ArticlesList,
  "0004_link_checks": m0004LinkChecks,
  "0008_ai_usage_and_stored_images": m0008AiUsageAndStoredImages,
};
