// npm run api:types: regenerates the Developer API's client types (tests/generated/inkpilot-api.ts) from the
// OpenAPI document the app serves at /api/v1/openapi.json; api-client.test.ts fails while they are out of date.
import fs from "node:fs";
import { openApiDocument } from "#app/modules/api/openapi";
import { API_TYPES_FILE, apiTypesFrom } from "#tests/setup/api-types";

fs.writeFileSync(API_TYPES_FILE, await apiTypesFrom(openApiDocument("http://localhost:3000")));
console.log(`Wrote ${API_TYPES_FILE}`);
