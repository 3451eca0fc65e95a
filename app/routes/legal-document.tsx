import { data } from "react-router";
import { brand } from "#domain/config";
import { type DocumentSlug, getDocument } from "#server/documents/store";
import { edgeContext } from "#server/http/request-context";
import { publicPageHeaders } from "../lib/edge-cache";
import type { Route } from "./+types/legal-document";

/** Route id (see routes.ts) -> document in the store. */
const slugByRoute: Record<string, DocumentSlug> = {
  "privacy-policy": "privacyPolicy",
  termsandconditions: "termsConditions",
  "caprivacy-policy": "caPrivacyPolicy",
  "caprivacy-policy-info": "caPrivacyPolicyInfo",
  "about-us": "aboutUs",
};

export const headers = publicPageHeaders;

export async function loader({ context, pattern }: Route.LoaderArgs) {
  const slug = slugByRoute[pattern.replace(/^\//, "")];
  const doc = slug ? await getDocument(context.get(edgeContext).env.DB, slug) : null;
  if (!doc) throw data(null, { status: 404 });
  return { title: doc.title, html: doc.html };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${loaderData.title} | ${brand.name}` : brand.name }];
}

export default function LegalDocument({ loaderData }: Route.ComponentProps) {
  return (
    <article className="container page-section document">
      <h1>{loaderData.title}</h1>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own seeded HTML (db/documents); the CSP blocks any script in it. */}
      <div className="document-body" dangerouslySetInnerHTML={{ __html: loaderData.html }} />
    </article>
  );
}
