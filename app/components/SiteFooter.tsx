import { Link } from "react-router";
import { address, brand, creditLine, draws, phones } from "#domain/config";
import { amountReceived, carriedBalanceFee, cashAdvanceFee } from "#domain/fees";
import { formatMoney } from "#domain/format";
import type { LayoutFlags } from "../lib/layout";
import { LogOutButton, type Viewer } from "./NavLinks";
import { PhoneLink } from "./PhoneLink";

/** Worked fee examples for the consumer notice, computed from the fee table. */
function feeExamples() {
  const draw = draws.minCents * 5;
  return {
    draw,
    shortFee: cashAdvanceFee(draw, "biweekly"),
    shortReceived: amountReceived(draw, "biweekly"),
    monthlyFee: cashAdvanceFee(draw, "monthly"),
    monthlyReceived: amountReceived(draw, "monthly"),
    carriedShort: carriedBalanceFee(draw, "biweekly"),
    carriedMonthly: carriedBalanceFee(draw, "monthly"),
  };
}

export function SiteFooter({ flags, viewer }: { flags: LayoutFlags; viewer: Viewer }) {
  const ex = feeExamples();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <nav aria-label="Footer">
          <ul className="footer-links">
            {/* On an interrupter Back to Account would lead back to it: Log Out below and the page's own links lead on. */}
            {viewer.signedIn && flags.interrupter ? null : (
              <li>{viewer.signedIn ? <Link to="/account">Back to Account</Link> : <Link to="/login">Log In</Link>}</li>
            )}
            <li>
              <Link to="/faq">FAQs</Link>
            </li>
            <li>
              <Link to="/about-us">About Us</Link>
            </li>
            {viewer.signedIn ? (
              <li>
                <LogOutButton className="link-button" />
              </li>
            ) : null}
          </ul>
        </nav>
        <div className="footer-contact">
          <p className="footer-brand">{brand.legalName}</p>
          <p>
            <PhoneLink digits={phones.contact} />
          </p>
          <address>
            {address.lines.map((line) => (
              <span key={line}>
                {line}
                <br />
              </span>
            ))}
          </address>
        </div>
      </div>
      {flags.isAppPage ? null : (
        <section className="container consumer-notice" aria-labelledby="consumer-notice-title">
          <h2 id="consumer-notice-title">Consumer notice</h2>
          <p>
            A line of credit from {brand.name} is an expensive form of credit meant for short-term needs, not a
            long-term financial solution. Lines of credit go up to {formatMoney(creditLine.maxLimitCents)}; new
            customers are approved for {formatMoney(creditLine.newCustomerMinLimitCents)} to{" "}
            {formatMoney(creditLine.newCustomerMaxLimitCents)}. There is no fee to apply or to hold an unused line.
          </p>
          <p>
            Fee examples: a {formatMoney(ex.draw)} draw on a bi-weekly or semi-monthly pay cycle carries a cash advance
            fee of {formatMoney(ex.shortFee)}, so {formatMoney(ex.shortReceived)} is deposited; on a monthly cycle the
            fee is {formatMoney(ex.monthlyFee)} and {formatMoney(ex.monthlyReceived)} is deposited. While the principal
            balance is {formatMoney(ex.draw)}, each statement adds a carried balance fee of{" "}
            {formatMoney(ex.carriedShort)} (bi-weekly or semi-monthly) or {formatMoney(ex.carriedMonthly)} (monthly).
            Paying early never costs extra.
          </p>
          <p>
            Lines of credit are offered by {brand.lender}, funded by {brand.partnerBank} and serviced by{" "}
            {brand.servicer}. Credit is subject to underwriting; not all applicants are approved.
          </p>
        </section>
      )}
      <div className="container footer-legal">
        <ul className="legal-links">
          <li>
            <Link to="/privacy-policy">Privacy Policy</Link>
          </li>
          <li>
            <a href="/documents/privacy-notice.pdf" target="_blank" rel="noopener">
              Privacy Notice (PDF)<span className="visually-hidden"> opens in a new tab</span>
            </a>
          </li>
          <li>
            <a href="/documents/privacy-notice-opt-out.pdf" target="_blank" rel="noopener">
              Privacy Choices Notice (PDF)<span className="visually-hidden"> opens in a new tab</span>
            </a>
          </li>
          <li>
            <a href="/documents/sc-disclosure.pdf" target="_blank" rel="noopener">
              South Carolina Disclosure (PDF)<span className="visually-hidden"> opens in a new tab</span>
            </a>
          </li>
          <li>
            <Link to="/termsandconditions">Website Terms</Link>
          </li>
          <li>
            <Link to="/caprivacy-policy">California Privacy Policy</Link>
          </li>
        </ul>
        <p className="copyright">
          &copy; {brand.copyrightYear} {brand.legalName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
