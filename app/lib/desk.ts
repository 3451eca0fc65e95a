import { useMatches } from "react-router";

/** The servicing desk's layout route (app/routes.ts): its pages get no site header, footer or scripts. */
export const DESK_LAYOUT_ID = "routes/desk/layout";

export function useIsDesk(): boolean {
  return useMatches().some((m) => m.id === DESK_LAYOUT_ID);
}

/** Whether a URL path is the desk's (entry.server.tsx gives those pages the desk's own policy). */
export const isDeskPath = (pathname: string) => pathname === "/desk" || pathname.startsWith("/desk/");
