import { Form, NavLink } from "react-router";
import { brand } from "#domain/config";

export interface Viewer {
  signedIn: boolean;
  firstName: string | null;
}

export function MainNavLinks() {
  return (
    <>
      <li>
        <NavLink to="/" end>
          Home
        </NavLink>
      </li>
      <li>
        <a href={brand.financialEducationUrl} target="_blank" rel="noopener noreferrer">
          Financial Education<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </li>
      <li>
        <NavLink to="/faq">FAQs</NavLink>
      </li>
      <li>
        <NavLink to="/about-us">About Us</NavLink>
      </li>
    </>
  );
}

export function LogOutButton({ className = "button button-outline" }: { className?: string }) {
  return (
    <Form method="post" action="/logout" className="inline-form">
      <button type="submit" className={className}>
        Log Out
      </button>
    </Form>
  );
}
