import { index, route, type RouteConfig } from "@react-router/dev/routes";

/** URL -> file. Paths are the spec's route names (spec file 1, section 2). */
export default [
  index("routes/home.tsx"),
  route("faq", "routes/faq.tsx"),
  route("how-it-works", "routes/how-it-works.tsx"),
  // Privacy, terms, California and About Us share one document page.
  route("privacy-policy", "routes/legal-document.tsx", { id: "privacy-policy" }),
  route("termsandconditions", "routes/legal-document.tsx", { id: "termsandconditions" }),
  route("caprivacy-policy", "routes/legal-document.tsx", { id: "caprivacy-policy" }),
  route("caprivacy-policy-info", "routes/legal-document.tsx", { id: "caprivacy-policy-info" }),
  route("about-us", "routes/legal-document.tsx", { id: "about-us" }),
  route("documents/:file", "routes/documents.$file.ts"),
  route("logout", "routes/logout.ts"),
  // Development tools (404 in preview and production).
  route("dev/outbox", "routes/dev/outbox.tsx"),
  route("dev/clock", "routes/dev/clock.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
