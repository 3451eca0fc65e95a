import { data } from "react-router";
import { deskCore, deskRefusal } from "#server/desk/core";
import { edgeContext } from "#server/http/request-context";
import type { Route } from "./+types/statement";
import { requireDeskUser } from "./desk.server";

/** A borrower's billing statement PDF for the desk (every role may read it): never cached, like every desk page. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireDeskUser(context, request);
  try {
    const pdf = await deskCore.statementPdf(context.get(edgeContext).env, params.customerId, params.statementId);
    return new Response(pdf.bytes, {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="${pdf.fileName}"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (deskRefusal(error)?.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}
