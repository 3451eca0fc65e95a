import { useLocation } from "react-router";

/**
 * Apply Now starts a fresh application (the `start` flag resets it on the
 * server) and carries a marketing campaign from the current address along.
 */
export function useApplyHref(): string {
  const campaign = new URLSearchParams(useLocation().search).get("utm_campaign");
  const params = new URLSearchParams({ start: "1" });
  if (campaign) params.set("utm_campaign", campaign);
  return `/apply/personal?${params.toString()}`;
}
