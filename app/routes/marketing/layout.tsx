import { Outlet } from "react-router";
import { PublicFooter } from "#app/components/public-footer";
import { PublicHeader } from "#app/components/public-header";
import { getOptionalAuth } from "#app/modules/auth/guards.server";
import { getEnv } from "#app/env.server";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const auth = await getOptionalAuth(request);
  return { signedIn: auth !== null, supportEmail: getEnv().SUPPORT_EMAIL };
}

export default function MarketingLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader signedIn={loaderData.signedIn} />
      <div className="flex-1">
        <Outlet />
      </div>
      <PublicFooter supportEmail={loaderData.supportEmail} />
    </div>
  );
}
