import { redirect } from "react-router";
import { STEPS, type Step } from "#server/application/draft";
import type { Route } from "./+types/back";
import { actionDraft, backTo } from "./wizard.server";

/** The step bar: going back clears that step's flag and later ones, keeping every value. */
export async function action({ context, request }: Route.ActionArgs) {
  const step = String((await request.formData()).get("step") ?? "") as Step;
  if (!STEPS.includes(step)) return redirect("/apply/personal");
  const { session, draft } = actionDraft(context, request, "personal");
  if (draft.decision || !draft.done[step]) return redirect(`/apply/${step}`);
  return backTo(context, session, draft, step);
}

export function loader() {
  return redirect("/apply/personal");
}
