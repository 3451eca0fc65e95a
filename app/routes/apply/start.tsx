import { Form, Link, redirect, useLocation } from "react-router";
import { STEP_LABELS, STEPS } from "#domain/application/steps";
import { brand } from "#domain/config";
import { emptyDraft, firstIncomplete, leadSourceFrom } from "#server/application/draft";
import type { RouteHandle } from "../../lib/layout";
import type { Route } from "./+types/start";
import { inProgress, readDraft, storeDraft } from "./wizard.server";

export const handle: RouteHandle = { layout: { isAppPage: true } };

export function meta() {
  return [{ title: `Your application in progress | Apply | ${brand.name}` }];
}

/**
 * Apply Now while an application is under way (issue 33, item 7): it used to
 * clear the answers at once, and another tab still on a later step then
 * posted into nothing. Now the person chooses: continue (nothing changes),
 * or start a new application (a post, so a link prefetch or a crawler never
 * clears anything).
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const { draft } = readDraft(context, request);
  if (!inProgress(draft)) throw redirect(`/apply/personal${new URL(request.url).search}`);
  const resume = firstIncomplete(draft) ?? "banking";
  const done = STEPS.filter((step) => draft.done[step]).map((step) => STEP_LABELS[step]);
  return { resume, resumeLabel: STEP_LABELS[resume], done };
}

export async function action({ context, request }: Route.ActionArgs) {
  const url = new URL(request.url);
  const { session, draft } = readDraft(context, request);
  // The campaign of this visit (the query Apply Now carried) is kept, as a reset keeps it.
  // Nothing under way (a guest, a borrower, a second START press): nothing to clear, nothing written.
  if (session && inProgress(draft))
    await storeDraft(context, session, emptyDraft(leadSourceFrom(url, draft.leadSource)));
  return redirect(`/apply/personal${url.search}`);
}

const sentence = (labels: string[]) =>
  labels.length > 1 ? `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}` : (labels[0] ?? "");

export default function StartAgain({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  const { resume, resumeLabel, done } = loaderData;
  const title = (label: string) => label.charAt(0) + label.slice(1).toLowerCase();
  return (
    <section className="container page-section outcome start-again">
      <h1>You have an application in progress</h1>
      <p className="lead">
        {done.length > 0
          ? `You've finished ${sentence(done.map(title))} (${done.length} of ${STEPS.length} steps).`
          : "You've started an application in this browser."}{" "}
        Continue where you left off, or start a new application.
      </p>
      <p>Starting a new application clears every answer you've given so far, in every window.</p>
      <div className="button-row outcome-actions">
        <Link to={`/apply/${resume}`} className="button button-primary button-large">
          CONTINUE MY APPLICATION
          <span className="visually-hidden"> at {title(resumeLabel)}</span>
        </Link>
        <Form method="post" action={`/apply/start${search}`}>
          <button type="submit" className="button button-outline">
            START A NEW APPLICATION
          </button>
        </Form>
      </div>
    </section>
  );
}
