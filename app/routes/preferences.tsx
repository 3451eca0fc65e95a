import { redirect } from "react-router";
import { brand } from "../../functions/config";
import { sessionContext } from "../../functions/http/request-context";
import { PasskeySection } from "../components/access/PasskeySection";
import type { RouteHandle } from "../lib/layout";
import type { Route } from "./+types/preferences";

export const handle: RouteHandle = { layout: { portal: true } };

export function meta() {
  return [{ title: `Preferences | ${brand.name}` }];
}

/** Preferences (the portal issue adds communication preferences around the passkey section). */
export function loader({ context }: Route.LoaderArgs) {
  const { session } = context.get(sessionContext);
  if (!session?.data.customerId) throw redirect("/login");
  return { firstName: session.data.firstName ?? "" };
}

export default function Preferences() {
  return (
    <section className="container page-section">
      <h1>Preferences</h1>
      <PasskeySection />
    </section>
  );
}
