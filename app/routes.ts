import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// The whole URL map, by hand. Files not listed here are not routes.
export default [
  layout("routes/marketing/layout.tsx", [index("routes/marketing/home.tsx")]),
  ...prefix("resources", [route("cron", "routes/resources/cron.ts")]),
] satisfies RouteConfig;
