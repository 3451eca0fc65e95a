import { Link } from "react-router";
import { phones } from "#domain/config";
import { PhoneLink } from "../PhoneLink";

/** Why an application was withdrawn during e-sign ("other": the platform says so, this session did not see why). */
export type WithdrawalReason = "military" | "passcode" | "other";

/** Spec file 2, section 8: the e-sign flow's withdrawal reason. */
export const ESIGN_WITHDRAWAL = "Verification failed. Your application has been withdrawn";

const TEXT: Record<WithdrawalReason, { title: string; body: string }> = {
  military: {
    title: "We can't complete your line of credit",
    body: "Thank you for your service. Because you told us you are an active-duty member of the military, or a spouse or dependent of one, we are not able to offer you a line of credit, and your application has been withdrawn.",
  },
  passcode: {
    title: "We could not verify your identity",
    body: `${ESIGN_WITHDRAWAL}: too many incorrect passcodes were entered.`,
  },
  other: {
    title: "Your application has been withdrawn",
    body: "This application can no longer be eSigned.",
  },
};

/**
 * What every e-sign and approval page shows once the application is
 * withdrawn (0-decisions.md): the withdrawal and the customer service phone,
 * never a success or approval text.
 */
export function Withdrawn({ reason }: { reason: WithdrawalReason }) {
  const { title, body } = TEXT[reason];
  return (
    <section className="container page-section outcome withdrawn">
      <h1 tabIndex={-1}>{title}</h1>
      <p role="status">{body}</p>
      <p>
        {reason === "military"
          ? "If you answered by mistake, please call us at "
          : "If you have questions, please call Customer Service at "}
        <PhoneLink digits={phones.customerService} />.
      </p>
      <p>
        <Link to="/" className="button button-outline">
          Back to Homepage
        </Link>
      </p>
    </section>
  );
}
