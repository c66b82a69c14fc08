import { redirect } from "react-router";
import { getDb } from "#app/db/client.server";
import { endSession } from "#app/modules/auth/session.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/signout";

// Signing out changes state, so it is a POST; a stray GET just goes home.
export function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  const cleared = await endSession(getDb(), request);
  return redirectWithToast("/", { type: "success", title: "Signed out" }, { headers: { "Set-Cookie": cleared } });
}
