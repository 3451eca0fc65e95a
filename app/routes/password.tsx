import { redirect } from "react-router";
import { brand } from "#domain/config";
import { PasswordFlow } from "../components/access/PasswordFlow";
import type { RouteHandle } from "../lib/layout";
import type { Route } from "./+types/password";
import { flowAction, loadFlow } from "./password-flow.server";

/** /create-password and /forgot-password share this module (routes.ts); the path picks the flow. */
const kindOf = (request: Request): "create" | "forgot" =>
  new URL(request.url).pathname.startsWith("/create") ? "create" : "forgot";

export const handle: RouteHandle = { layout: { hidelogin: true } };

export function meta({ location }: Route.MetaArgs) {
  return [
    { title: `${location.pathname.startsWith("/create") ? "Create Password" : "Forgot Password"} | ${brand.name}` },
  ];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  // /create-password/:emailaddress (spec file 2, section 2): the e-mail step with that address filled in.
  const emailFromPath =
    "emailaddress" in params && typeof params.emailaddress === "string"
      ? params.emailaddress.trim().slice(0, 254)
      : undefined;
  const { flow } = await loadFlow(context, request, kindOf(request), emailFromPath);
  // ?restart begins again at the e-mail step, then drops the flag so reloads keep the step. The page's own
  // path, never the request's: a client-side visit asks for `/forgot-password.data`, which is no page.
  if (new URL(request.url).searchParams.has("restart"))
    throw redirect(new URL(request.url).pathname.replace(/\.data$/, ""));
  return { flow, kind: kindOf(request) };
}

export const action = ({ context, request }: Route.ActionArgs) => flowAction(context, request, kindOf(request));

export default function Password({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData && "errors" in actionData ? actionData : undefined;
  return (
    <section className="container page-section access">
      <PasswordFlow kind={loaderData.kind} flow={answer?.flow ?? loaderData.flow} answer={answer} />
    </section>
  );
}
