import { requestContext } from "#app/context";
import { accountView } from "#app/modules/account/account.server";
import { authContext } from "#app/modules/auth/guards.server";
import { accountAction } from "./account-actions.server";
import { AccountSections } from "./account-sections";
import type { Route } from "./+types/account";

/** Body limit (server/request-body.ts): the avatar upload. */
export const bodyLimit = "upload";

export const handle = { breadcrumb: "Account" };

export const meta: Route.MetaFunction = () => [{ title: "Account | Inkpilot" }];

export async function loader({ context }: Route.LoaderArgs) {
  return { account: accountView(context.get(authContext)) };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  return accountAction({ request, url, auth: context.get(authContext), ip: context.get(requestContext).ip });
}

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight">Account</h1>
      <p className="mt-1 text-sm text-slate-600">Manage your profile, sign-in details and subscription.</p>
      <div className="mt-6">
        <AccountSections account={loaderData.account} actionData={actionData} />
      </div>
    </div>
  );
}
