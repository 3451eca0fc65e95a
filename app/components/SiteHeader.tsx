import { Link } from "react-router";
import { creditLine, phones } from "#domain/config";
import { formatMoney } from "#domain/format";
import { useApplyHref } from "../lib/apply-link";
import type { LayoutFlags } from "../lib/layout";
import { Logo } from "./Logo";
import { MobileMenu } from "./MobileMenu";
import { LogOutButton, MainNavLinks, type Viewer } from "./NavLinks";
import { PhoneLink } from "./PhoneLink";

/** "Apply Now" pill: always states the line maximum from configuration. */
export function ApplyNowPill() {
  const href = useApplyHref();
  return (
    <Link to={href} className="button button-primary apply-pill">
      Apply Now<span className="pill-note"> Lines of credit up to {formatMoney(creditLine.maxLimitCents)}</span>
    </Link>
  );
}

export function SiteHeader({ flags, viewer }: { flags: LayoutFlags; viewer: Viewer }) {
  const showNav = !flags.isAppPage;
  const showLogin = !flags.hidelogin && !flags.isLoginPage && !flags.isAppPage;
  // Portal pages have their own navigation; an interrupter (a portal page too) would be led back to itself.
  const showBackToAccount = viewer.signedIn && !flags.portal && !flags.interrupter;
  // During e-sign Apply Now would start a new application and throw away the e-sign session (0-decisions.md).
  const showApply = !viewer.signedIn && !flags.isEsignPage;
  return (
    <header className={flags.isAppPage ? "site-header app-header" : "site-header"}>
      <div className="container header-bar">
        <Logo />
        {showNav ? (
          <nav aria-label="Main" className="main-nav">
            <ul>
              <MainNavLinks />
            </ul>
          </nav>
        ) : null}
        <div className="header-actions">
          <PhoneLink
            digits={phones.customerService}
            label={flags.isAppPage ? "Call Us" : undefined}
            className="header-phone"
          />
          {showNav && showApply ? <ApplyNowPill /> : null}
          {showNav && showBackToAccount ? (
            <Link to="/account" className="button button-outline">
              Back to Account
            </Link>
          ) : null}
          {viewer.signedIn ? (
            <LogOutButton />
          ) : showLogin ? (
            <Link to="/login" className="button button-outline">
              Log In
            </Link>
          ) : null}
        </div>
        {showNav ? (
          <MobileMenu
            viewer={viewer}
            showLogin={showLogin}
            showApply={showApply}
            showBackToAccount={showBackToAccount}
          />
        ) : null}
      </div>
    </header>
  );
}
