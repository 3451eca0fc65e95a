/**
 * Log Out lands on the home page, which then says so (0-decisions.md,
 * "Access and security"). The address carries the notice, so the edge-cached
 * public page can carry it too and no cookie is needed.
 */
export const LOGGED_OUT_PARAM = "loggedout";
export const LOGGED_OUT_PATH = `/?${LOGGED_OUT_PARAM}`;
export const LOGGED_OUT_TEXT = "You have been logged out.";
