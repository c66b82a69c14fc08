import { useRouteLoaderData } from "react-router";

/**
 * Whether the signed-in member may manage billing (owners; docs/decisions/044),
 * read from the dashboard layout's data (its `canBill`), so upgrade links hide for
 * admins and editors without a prop on every page. True outside the dashboard.
 */
export function useCanBill() {
  const layout = useRouteLoaderData("routes/dashboard/layout") as { canBill?: boolean } | undefined;
  return layout?.canBill ?? true;
}
