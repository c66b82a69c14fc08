import { useRouteLoaderData } from "react-router";

/**
 * Whether the signed-in member may manage billing (owners: permissions.ts), from
 * the dashboard layout's data, so upgrade links are hidden from roles the plan page
 * would refuse. Outside the dashboard (no layout data) it says no.
 */
export function useCanManageBilling() {
  const layout = useRouteLoaderData("routes/dashboard/layout") as { canManageBilling?: boolean } | undefined;
  return layout?.canManageBilling === true;
}
