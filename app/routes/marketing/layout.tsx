import { Outlet } from "react-router";
import { PublicFooter } from "#app/components/public-footer";
import { PublicHeader, type PublicVisitor } from "#app/components/public-header";
import { getOptionalAuth } from "#app/modules/auth/guards.server";
import { getEnv } from "#app/env.server";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const auth = await getOptionalAuth(request);
  // The plan decides the calls to action: nobody on a trial or on Pro is offered a trial.
  const visitor: PublicVisitor = auth ? { signedIn: true, plan: auth.workspace.plan } : { signedIn: false };
  return { visitor, supportEmail: getEnv().SUPPORT_EMAIL };
}

export default function MarketingLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader signedIn={loaderData.visitor.signedIn} />
      <div className="flex-1">
        <Outlet />
      </div>
      <PublicFooter supportEmail={loaderData.supportEmail} />
    </div>
  );
}
