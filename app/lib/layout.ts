import { useMatches } from "react-router";

/**
 * Layout flags a route declares in its `handle` (spec file 1, section 2):
 * they decide what the shell shows around the page.
 */
export interface LayoutFlags {
  /** Marketing home-type page (home, FAQ). */
  isHome?: boolean;
  /** Application wizard: no main navigation, only Call Us. */
  isAppPage?: boolean;
  /** Login-type pages hide the Log In button. */
  hidelogin?: boolean;
  isLoginPage?: boolean;
  isEsignPage?: boolean;
  isEsignContact?: boolean;
  isEsignPagefooter?: boolean;
  /** Signed-in portal pages. */
  portal?: boolean;
  /**
   * Where an account with no portal lands (/accountclosed, /accountcredit):
   * the account page sends the borrower back here, so no Back to Account.
   */
  interrupter?: boolean;
  isPortalNavDisplay?: boolean;
  showLogin?: boolean;
  showApply?: boolean;
}

export interface RouteHandle {
  layout?: LayoutFlags;
}

/** The flags of every matched route, deepest last wins. */
export function useLayoutFlags(): LayoutFlags {
  const matches = useMatches();
  const flags: LayoutFlags = {};
  for (const match of matches) Object.assign(flags, (match.handle as RouteHandle | undefined)?.layout);
  return flags;
}
