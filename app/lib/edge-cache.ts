/**
 * `headers` for public pages: the same for every signed-out visitor, so the
 * edge may keep a copy for five minutes (see functions/server/http/page-cache.ts).
 */
export function publicPageHeaders(): HeadersInit {
  return { "CDN-Cache-Control": "max-age=300" };
}
