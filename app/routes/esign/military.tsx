import { redirect } from "react-router";
import { brand } from "#domain/config";
import { Withdrawn } from "../../components/esign/Withdrawn";
import type { RouteHandle } from "../../lib/layout";
import type { Route } from "./+types/military";
import { esignPageFacts, esignSession } from "./esign.server";

export const handle: RouteHandle = { layout: { isEsignPage: true, hidelogin: true } };

export function meta() {
  return [{ title: `Application withdrawn | ${brand.name}` }];
}

/**
 * Where the military statement leads once confirmed. Only the applicant's own
 * e-sign session sees it, and only when the platform says the application is
 * withdrawn: anyone else goes to log in, an application still open to e-sign.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const session = esignSession(context);
  const read = await esignPageFacts(context, session);
  if (!("withdrawn" in read)) throw redirect("/esign/consent");
  return { reason: read.withdrawn };
}

export default function Military({ loaderData }: Route.ComponentProps) {
  return <Withdrawn reason={loaderData.reason} />;
}
