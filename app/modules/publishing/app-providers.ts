/** The OAuth platforms on which Inkpilot is an app with its own client credentials (shared by server and browser code). */

export const APP_PROVIDERS = ["wordpress_com", "shopify", "wix"] as const;
export type AppProvider = (typeof APP_PROVIDERS)[number];

export const APP_PROVIDER_INFO: Record<
  AppProvider,
  { name: string; idEnv: string; secretEnv: string; callbackPath: string; idLabel: string; secretLabel: string }
> = {
  wordpress_com: {
    name: "WordPress.com",
    idEnv: "WORDPRESS_COM_CLIENT_ID",
    secretEnv: "WORDPRESS_COM_CLIENT_SECRET",
    callbackPath: "/integrations/wordpress_com/callback",
    idLabel: "Client ID",
    secretLabel: "Client Secret",
  },
  shopify: {
    name: "Shopify",
    idEnv: "SHOPIFY_CLIENT_ID",
    secretEnv: "SHOPIFY_CLIENT_SECRET",
    callbackPath: "/shopify/callback",
    idLabel: "Client ID",
    secretLabel: "Client Secret",
  },
  wix: {
    name: "Wix",
    idEnv: "WIX_APP_ID",
    secretEnv: "WIX_APP_SECRET",
    callbackPath: "/integrations/wix/callback",
    idLabel: "Client ID",
    secretLabel: "Client Secret",
  },
};

export function isAppProvider(value: unknown): value is AppProvider {
  return typeof value === "string" && (APP_PROVIDERS as readonly string[]).includes(value);
}
