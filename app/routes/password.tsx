import { redirect } from "react-router";
import { brand } from "../../functions/config";
import { PasswordFlow } from "../components/access/PasswordFlow";
import type { RouteHandle } from "../lib/layout";
import type { Route } from "./+types/password";
import { flowAction, loadFlow } from "./password-flow.server";

/** /create-password and /forgot-password share this module (routes.ts); the path picks the flow. */
const kindOf = (request: Request): "create" | "forgot" => (new URL(request.url).pathname.startsWith("/create") ? "create" : "forgot");

export const handle: RouteHandle = { layout: { hidelogin: true } };

export function meta({ location }: Route.MetaArgs) {
  return [{ title: `${location.pathname.startsWith("/create") ? "Create Password" : "Forgot Password"} | ${brand.name}` }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { flow } = await loadFlow(context, request, kindOf(request));
  // ?restart begins again at the e-mail step, then drops the flag so reloads keep the step.
  if (new URL(request.url).searchParams.has("restart")) throw redirect(new URL(request.url).pathname);
  return { flow, kind: kindOf(request) };
}

export const action = ({ context, request }: Route.ActionArgs) => flowAction(context, request, kindOf(request));

export default function Password({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="container page-section access">
      <PasswordFlow kind={loaderData.kind} flow={loaderData.flow} answer={actionData && "errors" in actionData ? actionData : undefined} />
    </section>
  );
}
