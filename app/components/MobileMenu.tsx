import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { phones } from "#domain/config";
import { useApplyHref } from "../lib/apply-link";
import { LogOutButton, MainNavLinks, type Viewer } from "./NavLinks";
import { PhoneLink } from "./PhoneLink";

/**
 * The side menu on small screens. A native <details>, so it opens and its
 * links work without JavaScript; with it, Esc closes the menu and returns
 * focus to its button, and navigating closes it.
 */
export function MobileMenu({
  viewer,
  showLogin,
  showApply,
  showBackToAccount,
}: {
  viewer: Viewer;
  showLogin: boolean;
  showApply: boolean;
  showBackToAccount: boolean;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const applyHref = useApplyHref();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the menu; the path is the trigger, not a value read.
  useEffect(() => {
    ref.current?.removeAttribute("open");
  }, [location.pathname]);

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key !== "Escape" || !ref.current?.open) return;
    ref.current.open = false;
    ref.current.querySelector("summary")?.focus();
  }

  return (
    <details className="mobile-menu" ref={ref} onKeyDown={onKeyDown}>
      <summary className="button button-outline">
        <span aria-hidden="true" className="menu-icon" /> Menu
      </summary>
      <nav aria-label="Mobile" className="mobile-panel">
        <ul>
          <MainNavLinks />
          <li>
            <PhoneLink digits={phones.customerService} label="Call Us" />
          </li>
          {viewer.signedIn ? (
            <>
              {showBackToAccount ? (
                <li>
                  <Link to="/account">Back to Account</Link>
                </li>
              ) : null}
              <li>
                <LogOutButton className="link-button" />
              </li>
            </>
          ) : (
            <>
              {showApply ? (
                <li>
                  <Link to={applyHref}>Apply Now</Link>
                </li>
              ) : null}
              {showLogin ? (
                <li>
                  <Link to="/login">Log In</Link>
                </li>
              ) : null}
            </>
          )}
        </ul>
      </nav>
    </details>
  );
}
