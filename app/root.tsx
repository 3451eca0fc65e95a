// The Latin face of the web font (tokens.css): fetched with the stylesheet, not after it, so text does not re-flow late.
import figtreeLatin from "@fontsource-variable/figtree/files/figtree-latin-wght-normal.woff2?url";
import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { brand, security } from "#domain/config";
import { sessionContext } from "#server/http/request-context";
import { formPostMiddleware, pageSessionMiddleware } from "#server/sessions/page-middleware";
import type { Route } from "./+types/root";
import type { Viewer } from "./components/NavLinks";
import { NotFound } from "./components/NotFound";
import { SiteFooter } from "./components/SiteFooter";
import { SiteHeader } from "./components/SiteHeader";
import { useIsDesk } from "./lib/desk";
import { useLayoutFlags } from "./lib/layout";
import { serviceMessageOf } from "./lib/service-error";
import { useBusySubmitter } from "./lib/use-busy-submitter";
import { useIdleLogout } from "./lib/use-idle-logout";
import { summaryFirst } from "./routes/portal/portal.server";
import stylesheet from "./styles/app.css?url";

// A portal page's account summary starts beside the session's lookup (portal.server.ts, summaryFirst).
export const middleware: Route.MiddlewareFunction[] = [formPostMiddleware, pageSessionMiddleware(summaryFirst)];

export const links: Route.LinksFunction = () => [
  { rel: "preload", href: figtreeLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  // precedence: React then writes the stylesheet ahead of the scripts' modulepreload links it hoists into <head>, so the CSS is fetched first (Lighthouse, render-blocking requests).
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * The root error boundary renders every page's error, so an error's
 * Retry-After (a limit's 429, app/lib/stateful-get.server.ts) is passed on
 * here, or the browser would never see it.
 */
export function headers({ parentHeaders, errorHeaders }: Route.HeadersArgs): Headers {
  const headers = new Headers(parentHeaders);
  const retryAfter = errorHeaders?.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

export function loader({ context }: Route.LoaderArgs): Viewer {
  const { session } = context.get(sessionContext);
  return { signedIn: Boolean(session?.data.customerId), firstName: session?.data.firstName ?? null };
}

const SIGNED_OUT: Viewer = { signedIn: false, firstName: null };

/**
 * Marks the document as scripted before first paint, so CSS can hide what
 * only works with JavaScript (and show it all when scripts are off). Its
 * hash goes into the page's Content-Security-Policy like every inline script.
 */
const JS_CLASS_SCRIPT = "document.documentElement.classList.add('js')";

export function Layout({ children }: { children: React.ReactNode }) {
  // The servicing desk runs no JavaScript at all (decision record 021): its policy allows none.
  const desk = useIsDesk();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this file, allowed by its hash in the CSP. */}
        {desk ? null : <script dangerouslySetInnerHTML={{ __html: JS_CLASS_SCRIPT }} />}
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          Skip to main content
        </a>
        {children}
        {desk ? null : <ScrollRestoration />}
        {desk ? null : <Scripts />}
      </body>
    </html>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  // Tells tests (and CSS, if ever needed) that the page is interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  const viewer = useRouteLoaderData<typeof loader>("root") ?? SIGNED_OUT;
  const flags = useLayoutFlags();
  useIdleLogout(viewer.signedIn, security.sessionIdleMinutes * 60_000);
  useBusySubmitter();
  return (
    <>
      <SiteHeader flags={flags} viewer={viewer} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter flags={flags} viewer={viewer} />
    </>
  );
}

export default function App() {
  if (useIsDesk()) return <Outlet />;
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function meta(): Route.MetaDescriptors {
  return [{ title: brand.name }];
}

export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const serviceMessage = serviceMessageOf(error);
  if (serviceMessage) {
    // A platform call the page needs failed: its spec text, and the same page again to retry.
    return (
      <Shell>
        <section className="container page-section">
          <h1>We're sorry.</h1>
          <p role="alert" className="service-error">
            {serviceMessage}
          </p>
          <p>Please try again in a moment, or call us if it continues.</p>
          <p>
            <a href={location.pathname + location.search}>Try again</a>
          </p>
        </section>
      </Shell>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <NotFound />
      </Shell>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 429) {
    return (
      <Shell>
        <section className="container page-section">
          <h1>Please slow down</h1>
          <p>We've received too many requests from your connection. Please wait a minute and try again.</p>
        </section>
      </Shell>
    );
  }
  return (
    <Shell>
      <section className="container page-section">
        <h1>Something went wrong</h1>
        <p>We're sorry, an error occurred. Please try again, or call us if it continues.</p>
        <p>
          <a href="/">Back to Homepage</a>
        </p>
      </section>
    </Shell>
  );
}
