import { servicing } from "../config";

/** The Durable Object location hints a line's object may be created with. */
export type LineLocationHint = "wnam" | "enam";

/** Where a borrower's line object is created: near the state on their address (config servicing.westernStates). */
export function lineLocationHint(state: string): LineLocationHint {
  return (servicing.westernStates as readonly string[]).includes(state.trim().toUpperCase()) ? "wnam" : "enam";
}

/**
 * Where the request that opens a line came from, as the edge names it ("US-WA": ISO 3166-2, the
 * `Client-Region` header), when that is a US state; else null, and the address decides. The lender
 * serves US residents: an applicant signing from abroad for a week must not place their line's
 * object abroad for its life.
 */
export function requestLocationHint(region: string | null | undefined): LineLocationHint | null {
  const state = /^US-([A-Z]{2})$/.exec(region?.trim().toUpperCase() ?? "")?.[1];
  return state ? lineLocationHint(state) : null;
}
