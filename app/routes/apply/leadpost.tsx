import { Link } from "react-router";
import { brand, phones } from "#domain/config";
import { PhoneLink } from "../../components/PhoneLink";
import type { Route } from "./+types/leadpost";

export function meta() {
  return [{ title: `Application | ${brand.name}` }];
}

export function loader({ request }: Route.LoaderArgs) {
  const appid = new URL(request.url).searchParams.get("appid");
  return { appid: appid && /^[\w-]{1,40}$/.test(appid) ? appid : null };
}

/** Spec file 1, sections 2 and 8: conditionally approved, but an error occurred. */
export default function LeadPostError({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container page-section outcome">
      <h1>Your application is conditionally approved</h1>
      <p className="lead">However, an error occurred while we were preparing your line of credit.</p>
      {loaderData.appid ? (
        <p>
          Application ID: <strong>{loaderData.appid}</strong>. Please call customer service at{" "}
          <PhoneLink digits={phones.customerService} /> and give them your Application ID.
        </p>
      ) : (
        <p>
          Please call customer service at <PhoneLink digits={phones.customerService} />.
        </p>
      )}
      <p>
        <Link to="/" className="button button-outline">
          Back to Homepage
        </Link>
      </p>
    </section>
  );
}
