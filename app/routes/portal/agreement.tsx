import { brand } from "#domain/config";
import { catalogue, PlatformError } from "#platform";
import { sessionOver } from "../../lib/session-over.server";
import type { Route } from "./+types/agreement";
import { borrowerSession, portalPlatform } from "./portal.server";

export function meta() {
  return [{ title: `Line Of Credit Agreement | ${brand.name}` }];
}

/** The agreements exactly as the borrower signed them, with the signature block. */
export async function loader({ context }: Route.LoaderArgs) {
  const session = borrowerSession(context);
  const { platform } = portalPlatform(context, session);
  try {
    const { documents } = await platform.call(catalogue.account.GetSignedDocuments, {});
    return { documents };
  } catch (error) {
    if (error instanceof PlatformError && error.kind === "unauthorized") throw await sessionOver(context);
    throw error;
  }
}

export default function Agreement({ loaderData }: Route.ComponentProps) {
  return (
    <article className="container page-section document">
      <h1>Line Of Credit Agreement</h1>
      {loaderData.documents.length === 0 ? <p>This Agreement section is currently not available.</p> : null}
      {loaderData.documents.map((d) => (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: agreement HTML the platform renders from our templates (escaped fields), never a person's text; the CSP blocks any script in it.
        <section key={d.kind} className="document-body" dangerouslySetInnerHTML={{ __html: d.html }} />
      ))}
    </article>
  );
}
