import { redirect } from "react-router";

/** /dashboard/admin has no page of its own; the mailbox is the first admin page. */
export function loader() {
  return redirect("/dashboard/admin/mailbox");
}
