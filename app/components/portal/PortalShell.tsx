import { useEffect, useRef, useState } from "react";
import { Link, NavLink } from "react-router";
import { phones } from "#domain/config";
import { Modal } from "../Modal";
import { PhoneLink } from "../PhoneLink";
import { CallCustomerService } from "./CallCustomerService";
import { LoadingOverlay } from "./LoadingOverlay";

export type PortalStanding = "current" | "delinquent" | "charged_off";

const GLOSSARY: Array<[string, string]> = [
  ["Available credit", "The part of your credit limit you can draw now."],
  ["Cash advance fee", "A fee per draw, taken from the amount deposited."],
  ["Carried balance fee", "A flat fee added to each statement, based on your principal balance."],
  ["Draw", "A cash advance from your line of credit to your bank account."],
  ["Minimum payment", "The least you must pay by the due date to keep your account current."],
  ["Past due", "A minimum payment that was not paid by its due date."],
];

/** A borrower whose state rules out draws (0-decisions.md: existing Washington borrowers). */
export interface DrawUnavailable {
  /** The block message (drawBlockText: our words for the platform's). */
  message: string;
  /** Open the popup as the page loads (the draw page itself). */
  openOnLoad?: boolean;
}

/**
 * Every portal page: the portal navigation (collapsible without JavaScript
 * too), the Glossary of Terms and Draw Unavailable popups, the past-due
 * banner, the help box with the right phone for the account's standing, and
 * the loading overlay.
 * Pages that know the borrower cannot draw in their state pass
 * `drawUnavailable`: the navigation's draw link then opens the popup in
 * place (without JavaScript it goes to /draw, which shows the message).
 */
export function PortalShell({
  standing,
  pastDue,
  drawUnavailable,
  children,
}: {
  standing: PortalStanding;
  pastDue: boolean;
  drawUnavailable?: DrawUnavailable;
  children: React.ReactNode;
}) {
  const [glossary, setGlossary] = useState(false);
  const [drawPopup, setDrawPopup] = useState(Boolean(drawUnavailable?.openOnLoad));
  const troubled = standing !== "current";
  const nav = useRef<HTMLElement>(null);
  // On a phone the menu is one row that scrolls sideways: the current page's item is brought into it.
  useEffect(() => {
    nav.current?.querySelector("a.active")?.scrollIntoView({ block: "nearest", inline: "center" });
  }, []);
  // A pill focused by keyboard comes clear of the row's faded edges (its scroll-padding): browsers
  // scroll a focused element only until some of it shows, which may leave it under a fade.
  const revealFocused = (event: React.FocusEvent<HTMLElement>) =>
    event.target.scrollIntoView({ block: "nearest", inline: "nearest" });
  return (
    <div className="container portal">
      <details className="portal-nav" open>
        <summary>Account menu</summary>
        <nav aria-label="Account" ref={nav} onFocus={revealFocused}>
          <ul>
            <li>
              <NavLink to="/account">Account</NavLink>
            </li>
            <li>
              <NavLink
                to="/draw"
                onClick={
                  drawUnavailable
                    ? (e) => {
                        e.preventDefault();
                        setDrawPopup(true);
                      }
                    : undefined
                }
              >
                Request a Draw
              </NavLink>
            </li>
            <li>
              <NavLink to="/payments">Payments</NavLink>
            </li>
            <li>
              <NavLink to="/preferences">Preferences</NavLink>
            </li>
            <li>
              <a
                href="#glossary"
                onClick={(e) => {
                  e.preventDefault();
                  setGlossary(true);
                }}
              >
                Glossary of Terms
              </a>
            </li>
          </ul>
        </nav>
      </details>
      {/* The banner heads the page's own column, so the menu and help box stay beside it on wide screens. */}
      <div className="portal-main">
        {pastDue ? (
          <div className="banner banner-error past-due-banner" role="alert">
            YOUR ACCOUNT IS PAST DUE. Please bring your account up to date;{" "}
            <Link to="/payments">make a payment online</Link> or contact an Account Specialist.
          </div>
        ) : null}
        {children}
      </div>
      <HelpBox troubled={troubled} />
      <LoadingOverlay />
      <Modal id="glossary" title="Glossary of Terms" open={glossary} onClose={() => setGlossary(false)} returnHref="#">
        <dl className="glossary">
          {GLOSSARY.map(([term, meaning]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{meaning}</dd>
            </div>
          ))}
        </dl>
      </Modal>
      {drawUnavailable ? (
        <Modal
          id="draw-unavailable"
          title="Draw Unavailable"
          open={drawPopup}
          onClose={() => setDrawPopup(false)}
          returnHref="#"
        >
          <p>{drawUnavailable.message}</p>
          <CallCustomerService />
        </Modal>
      ) : null}
    </div>
  );
}

/**
 * The help box (spec file 3, section 2): the contact line, or the Account
 * Specialist line for delinquent and charged-off accounts, and the contact form.
 */
function HelpBox({ troubled }: { troubled: boolean }) {
  return (
    <aside className="help-box" aria-label="Help">
      {troubled ? (
        <p>
          Talk to an Account Specialist <PhoneLink digits={phones.accountSpecialist} className="help-phone" />
        </p>
      ) : (
        <p>
          Questions? Call Us <PhoneLink digits={phones.contact} className="help-phone" />
        </p>
      )}
      <p>
        <Link to="/contact">Send us a message</Link>
      </p>
    </aside>
  );
}
