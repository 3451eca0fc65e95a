import { servicing } from "../config";

/** The Durable Object location hints a line's object may be created with. */
export type LineLocationHint = "wnam" | "enam";

/** Where a borrower's line object is created: near the state on their address (config servicing.westernStates). */
export function lineLocationHint(state: string): LineLocationHint {
  return (servicing.westernStates as readonly string[]).includes(state.trim().toUpperCase()) ? "wnam" : "enam";
}
