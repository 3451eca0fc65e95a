import { data } from "react-router";
import { catalogue, PlatformError } from "#platform";
import { sessionOver } from "../../lib/session-over.server";
import type { Route } from "./+types/statement";
import { borrowerSession, portalPlatform } from "./portal.server";

/** A billing statement PDF, only for its owner (the platform finds only the caller's statements). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const session = borrowerSession(context);
  const { platform } = portalPlatform(context, session);
  try {
    const pdf = await platform.call(catalogue.account.GetStatement, { statementId: params.id });
    const bytes = Uint8Array.from(atob(pdf.pdfBase64), (c) => c.charCodeAt(0));
    return new Response(bytes, {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="${pdf.fileName}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof PlatformError && error.kind === "unauthorized") throw await sessionOver(context);
    if (error instanceof PlatformError && (error.status === 404 || error.status === 400))
      throw data(null, { status: 404 });
    throw error;
  }
}
