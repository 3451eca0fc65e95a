import { data, Form } from "react-router";
import { brand } from "#domain/config";
import { catalogue, PlatformError } from "#platform";
import type { Route } from "./+types/document";
import { esignPlatform, esignSession } from "./esign.server";

const KINDS = ["agrarbitration", "agrprivacypolicy", "agreleconsent", "agrcalprivacyact", "agrcredit"] as const;

export function meta() {
  return [{ title: `Agreement | ${brand.name}` }];
}

/** An agreement as a page (no JavaScript) and as data for the consent popup. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const kind = KINDS.find((k) => k === params.kind);
  if (!kind) throw data(null, { status: 404 });
  const session = esignSession(context);
  const { platform } = esignPlatform(context, session);
  try {
    const doc = (await platform.call(catalogue.account.GetDocuments, { documentKind: kind })).documentsData[0];
    return {
      kind,
      title: doc?.documentTitle ?? "",
      html: doc?.documentText ?? "<p>This Agreement section is currently not available.</p>",
    };
  } catch (error) {
    if (error instanceof PlatformError)
      return { kind, title: "", html: "<p>This Agreement section is currently not available.</p>" };
    throw error;
  }
}

export default function AgreementPage({ loaderData }: Route.ComponentProps) {
  return (
    <article className="container page-section document">
      <h1>{loaderData.title}</h1>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: agreement HTML the platform renders from our templates (escaped fields), never a person's text; the CSP blocks any script in it. */}
      <div className="document-body" dangerouslySetInnerHTML={{ __html: loaderData.html }} />
      <Form method="post" action="/esign/consent" className="button-row">
        <input type="hidden" name="from" value="page" />
        <button type="submit" name="intent" value={`agree:${loaderData.kind}`} className="button button-primary">
          Agree
        </button>
        <button type="submit" name="intent" value={`disagree:${loaderData.kind}`} className="button button-outline">
          Disagree
        </button>
      </Form>
    </article>
  );
}
