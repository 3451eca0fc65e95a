import { useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/approvals";
import { approvalsAction, approvalsPage } from "./approvals.server";
import type { DeskAnswer } from "./borrower.server";
import { RequestsTable } from "./corrections";

/** Corrections awaiting a supervisor (issue 20, decision record 022): the maker never approves their own. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return approvalsPage(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  return approvalsAction(context, request);
}

export default function DeskApprovals() {
  const { requests, viewer, decideKey, decided } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as DeskAnswer | undefined;
  return (
    <>
      <h1>Awaiting approval</h1>
      <p>
        Fee waivers and refunds, and payment reversals, change nothing until a supervisor who did not ask for them
        approves. {viewer.role === "supervisor" ? "" : "Only supervisors decide them."}
      </p>
      {decided ? (
        <p className="banner banner-success" role="status">
          Request {decided}.
        </p>
      ) : null}
      <RequestsTable requests={requests} viewer={viewer} decideKey={decideKey} answer={answer} showBorrower />
    </>
  );
}
