import { data } from "react-router";
import { NotFound } from "../components/NotFound";

/** Any unknown path: the 404 page with a real 404 status. */
export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Error 404" }];
}

export default NotFound;
