import { data, Link } from "react-router";
import { deskCore, deskRefusal } from "#server/desk/core";
import { edgeContext } from "#server/http/request-context";
import type { Route } from "./+types/agreements";
import { requireDeskUser } from "./desk.server";

/** A borrower's signed agreements for the desk (issue 20): each exactly as signed, with its signature block. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireDeskUser(context, request);
  try {
    const agreements = await deskCore.agreements(context.get(edgeContext).env, params.customerId);
    return { customerId: params.customerId, agreements };
  } catch (error) {
    if (deskRefusal(error)?.status === 404) throw data({ message: "No such borrower." }, 404);
    throw error;
  }
}

export default function DeskAgreements({ loaderData }: Route.ComponentProps) {
  const { customerId, agreements } = loaderData;
  return (
    <>
      <p>
        <Link to={`/desk/borrowers/${encodeURIComponent(customerId)}`}>Back to the borrower's file</Link>
      </p>
      <h1>Signed agreements</h1>
      {agreements.length === 0 ? <p>This borrower has not signed any agreement.</p> : null}
      {agreements.map((a) => (
        <article key={`${a.lineId}-${a.kind}`} className="card document">
          <p className="field-hint">
            Line {a.lineId}, signed {new Date(a.signedAt).toISOString().slice(0, 16).replace("T", " ")} UTC
          </p>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: agreement HTML the platform rendered from our templates at signing (escaped fields), never a person's text; the desk's policy runs no script at all. */}
          <section className="document-body" dangerouslySetInnerHTML={{ __html: a.html }} />
        </article>
      ))}
    </>
  );
}
