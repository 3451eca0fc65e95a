import { brand } from "../../../functions/config";
import { catalogue } from "../../../functions/platform/index";
import type { Route } from "./+types/agreement";
import { borrowerSession, portalPlatform } from "./portal.server";

export function meta() {
  return [{ title: `Line Of Credit Agreement | ${brand.name}` }];
}

/** The agreements exactly as the borrower signed them, with the signature block. */
export async function loader({ context }: Route.LoaderArgs) {
  const session = borrowerSession(context);
  const { platform, persist } = portalPlatform(context, session);
  const { documents } = await platform.call(catalogue.account.GetSignedDocuments, {});
  await persist();
  return { documents };
}

export default function Agreement({ loaderData }: Route.ComponentProps) {
  return (
    <article className="container page-section document">
      <h1>Line Of Credit Agreement</h1>
      {loaderData.documents.length === 0 ? <p>This Agreement section is currently not available.</p> : null}
      {loaderData.documents.map((d) => (
        <section key={d.kind} className="document-body" dangerouslySetInnerHTML={{ __html: d.html }} />
      ))}
    </article>
  );
}
