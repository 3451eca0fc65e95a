import { useEffect, useState } from "react";
import { useLocation } from "react-router";

/** What the lead source is read from (functions/server/application/draft.ts, leadSourceFrom). */
const CAMPAIGN_PARAMS = ["utm_campaign", "source"] as const;
const STORAGE_KEY = "rl_campaign";

/**
 * The campaign for the visit (spec file 1, section 3: kept for the visit and
 * across a reset). The address it arrived with is remembered in the tab's
 * sessionStorage, so FAQs or How It Works in between lose nothing. Why not a
 * cookie or a session row: a page view starts no session (docs/security.md),
 * the product sets one cookie only, and public pages stay one cached copy
 * for every visitor. Without JavaScript the page the visitor landed on still
 * carries it on its own Apply Now links.
 */
function useCampaign(): URLSearchParams {
  const search = useLocation().search;
  const fromAddress = new URLSearchParams(
    [...new URLSearchParams(search)].filter(([name]) => (CAMPAIGN_PARAMS as readonly string[]).includes(name)),
  );
  const [kept, setKept] = useState("");
  const typed = fromAddress.toString();
  useEffect(() => {
    try {
      if (typed) sessionStorage.setItem(STORAGE_KEY, typed);
      else setKept(sessionStorage.getItem(STORAGE_KEY) ?? "");
    } catch {
      // Storage refused (a private mode): the campaign then lives in the address only.
    }
  }, [typed]);
  return typed ? fromAddress : new URLSearchParams(kept);
}

/**
 * Apply Now starts a fresh application (the `start` flag resets it on the
 * server) and carries the visit's marketing campaign along.
 */
export function useApplyHref(): string {
  const campaign = useCampaign();
  const params = new URLSearchParams({ start: "1" });
  for (const [name, value] of campaign) if (value) params.set(name, value);
  return `/apply/personal?${params.toString()}`;
}
