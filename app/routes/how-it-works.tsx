import { Link } from "react-router";
import { brand, creditLine } from "#domain/config";
import { formatMoney } from "#domain/format";
import { type Slide, StepCarousel } from "../components/StepCarousel";
import { useApplyHref } from "../lib/apply-link";
import { publicPageHeaders } from "../lib/edge-cache";

export const headers = publicPageHeaders;

export function meta() {
  return [{ title: `How It Works | ${brand.name}` }];
}

const requirements = [
  `Be ${creditLine.minApplicantAge} or older`,
  "Be a US resident",
  "Have a steady income",
  "Have an active bank account",
];

const slides: Slide[] = [
  {
    title: "Apply",
    body: <p>Complete the online application. It only takes a few minutes, and you get a decision right away.</p>,
  },
  {
    title: "Review and eSign",
    body: (
      <p>
        If approved, review and e-sign your line of credit agreement, and confirm your information with customer
        service.
      </p>
    ),
  },
  {
    title: "Request a Draw",
    body: <p>Request a draw by phone or through the online portal. Funds may arrive as soon as the same day.</p>,
  },
  {
    title: "Pay and Draw Again",
    body: <p>Keep up with your minimum payments, and draw again whenever you need to, up to your credit limit.</p>,
  },
];

export default function HowItWorks() {
  const applyHref = useApplyHref();
  return (
    <section className="container page-section">
      <h1>Line Of Credit Basics</h1>
      <p className="lead">
        A {brand.name} line of credit gives you access to up to {formatMoney(creditLine.maxLimitCents)}. Draw what you
        need, repay, and draw again without reapplying.
      </p>
      <div className="two-col">
        <div>
          <h2>Requirements</h2>
          <ul className="check-list">
            {requirements.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
        <div>
          <h2>Four simple steps</h2>
          <StepCarousel label="How it works, step by step" slides={slides} />
        </div>
      </div>
      <p>
        <Link to={applyHref} className="button button-primary button-large">
          Apply Now
        </Link>
      </p>
    </section>
  );
}
