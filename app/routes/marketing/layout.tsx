import { Outlet } from "react-router";

export default function MarketingLayout() {
  return <Outlet />;
}
