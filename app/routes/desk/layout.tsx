import { isRouteErrorResponse, Link, NavLink, Outlet, useLoaderData, useRouteError } from "react-router";
import { DESK_ROLE_LABELS } from "#domain/desk";
import type { Route } from "./+types/layout";
import { requireDeskUser } from "./desk.server";

/**
 * The servicing desk's frame (issue 20, decision record 021): who is signed
 * in and as what, and the way back to the search. Server-rendered forms only:
 * desk pages load no JavaScript (their policy allows none).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireDeskUser(context, request);
  return { email: user.email, role: user.role, via: user.via };
}

export function meta() {
  return [{ title: "Servicing desk | Ridgeline Credit" }, { name: "robots", content: "noindex" }];
}

export default function DeskLayout() {
  const user = useLoaderData<typeof loader>();
  return (
    <div className="desk">
      <header className="desk-header">
        <Link to="/desk" className="desk-brand">
          Ridgeline Credit · Servicing desk
        </Link>
        <nav aria-label="Desk" className="desk-nav">
          <NavLink to="/desk" end>
            Find a borrower
          </NavLink>
          <NavLink to="/desk/approvals">Awaiting approval</NavLink>
          <NavLink to="/desk/audit">Audit log</NavLink>
        </nav>
        <p className="desk-user">
          {user.email} · {DESK_ROLE_LABELS[user.role]}
        </p>
        {user.via === "development" ? (
          <form method="post" action="/dev/desk">
            <button type="submit" name="intent" value="signout" className="button button-outline">
              Sign out
            </button>
          </form>
        ) : (
          <a href="/cdn-cgi/access/logout" className="button button-outline">
            Sign out
          </a>
        )}
      </header>
      <main id="main" className="desk-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const refused = isRouteErrorResponse(error) && error.status === 403;
  const info = isRouteErrorResponse(error) ? (error.data as { message?: string; development?: boolean }) : {};
  return (
    <main id="main" className="desk-main" tabIndex={-1}>
      <h1>{refused ? "Staff only" : "The desk could not show this page"}</h1>
      <p>{refused ? info.message : "Something went wrong. Go back to the search and try again."}</p>
      {refused && info.development ? (
        <p>
          In development, <a href="/dev/desk">sign in as a desk role</a>.
        </p>
      ) : (
        <p>
          <a href="/desk">Back to the search</a>
        </p>
      )}
    </main>
  );
}
