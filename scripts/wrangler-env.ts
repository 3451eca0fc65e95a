/** Wrangler must never phone home from start, test, bench or CI. */
export const offlineWranglerEnv: Record<string, string> = {
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_HIDE_BANNER: "true",
};
