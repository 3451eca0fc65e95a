import type { Env } from "../env";

/**
 * The site's own public origin, from configuration (the SITE_ORIGIN var of
 * each wrangler.toml environment; the local scripts pass the port they
 * serve on). Links we send people (a partner applicant's continuation, a
 * password reset) are built from it and never from the request's Host
 * header, which whoever sends the request chooses (issue 14, item 7).
 * Throws when it is missing or not an http(s) origin: a link to nowhere is a
 * configuration error, not something to guess.
 */
export function siteOrigin(env: Pick<Env, "SITE_ORIGIN">): string {
  const url = URL.parse(env.SITE_ORIGIN ?? "");
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:"))
    throw new Error("SITE_ORIGIN must be the site's origin, e.g. https://ridgelinecredit.example");
  return url.origin;
}

/** An absolute link on the site: the configured origin and a path (with its query). */
export function siteUrl(env: Pick<Env, "SITE_ORIGIN">, pathAndQuery: string): string {
  return `${siteOrigin(env)}${pathAndQuery}`;
}
