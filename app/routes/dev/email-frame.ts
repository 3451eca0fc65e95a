import { data } from "react-router";
import { sampleEmailHtml } from "#servicing";
import type { Route } from "./+types/email-frame";
import { developmentEnv } from "./dev-guard.server";

/**
 * Development only: one template's e-mail HTML, as /dev/emails frames it. E-mail is styled inline
 * (clients keep little else), so this document allows inline styles and nothing else: no script,
 * no fetch, sandboxed, framed only by this origin (frame-ancestors overrides X-Frame-Options).
 */
const FRAME_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'; sandbox";

export async function loader({ context, params }: Route.LoaderArgs) {
  developmentEnv(context);
  const html = await sampleEmailHtml(params.name);
  if (html === null) throw data(null, { status: 404 });
  return new Response(html, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": FRAME_CSP },
  });
}
