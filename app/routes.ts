import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { buildIncludesDevTools } from "../build-environment";

// Development tools exist only in development builds: preview and production
// builds have neither the routes nor their modules (decision record 011).
const developmentTools = buildIncludesDevTools()
  ? [
      route("dev/outbox", "routes/dev/outbox.tsx"),
      route("dev/clock", "routes/dev/clock.tsx"),
      route("dev/styleguide", "routes/dev/styleguide.tsx"),
      route("dev/desk", "routes/dev/desk.tsx"),
      route("dev/emails", "routes/dev/emails.tsx"),
      route("dev/emails/:name", "routes/dev/email-frame.ts"),
    ]
  : [];

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
  route("partners/sandbox", "routes/partners/sandbox.tsx"),
  // The online application (spec file 1, section 2).
  route("apply/personal", "routes/apply/personal.tsx"),
  route("apply/address", "routes/apply/address.tsx"),
  route("apply/income", "routes/apply/income.tsx"),
  route("apply/payfrequency", "routes/apply/payfrequency.tsx"),
  route("apply/banking", "routes/apply/banking.tsx"),
  route("apply/back", "routes/apply/back.ts"),
  // Apply Now with an application under way: continue it or start a new one (issue 33).
  route("apply/start", "routes/apply/start.tsx"),
  route("apply/approved", "routes/apply/approved.tsx"),
  route("apply/review", "routes/apply/review.tsx"),
  route("apply/leadpost", "routes/apply/leadpost.tsx"),
  // The borrower portal (spec file 3).
  route("account", "routes/portal/account.tsx"),
  route("transactions", "routes/portal/transactions.tsx"),
  route("documents", "routes/portal/documents.tsx"),
  route("draw", "routes/portal/draw.tsx"),
  route("payments", "routes/portal/payments.tsx"),
  route("preferences", "routes/portal/preferences.tsx"),
  route("documents/statements/:id", "routes/portal/statement.ts"),
  route("documents/agreement", "routes/portal/agreement.tsx"),
  route("accountclosed", "routes/portal/interrupters.tsx", { id: "accountclosed" }),
  route("accountcredit", "routes/portal/interrupters.tsx", { id: "accountcredit" }),
  route("documents/:file", "routes/documents.$file.ts"),
  route("logout", "routes/logout.ts"),
  // The contact form (spec file 3, Contact request), for guests and borrowers.
  route("contact", "routes/contact.tsx"),
  // Account access (spec file 2, section 2).
  route("login", "routes/login.tsx"),
  route("create-password", "routes/password.tsx", { id: "create-password" }),
  route("create-password/:emailaddress", "routes/password.tsx", { id: "create-password-email" }),
  route("forgot-password", "routes/password.tsx", { id: "forgot-password" }),
  route("reset-password", "routes/reset-password.tsx"),
  route("verify-identity", "routes/verify-identity.tsx"),
  // E-sign (spec file 2, sections 2.6-2.9).
  route("esign/consent", "routes/esign/consent.tsx"),
  route("esign/document/:kind", "routes/esign/document.tsx"),
  route("esign/signature", "routes/esign/signature.tsx"),
  route("esign/contact", "routes/esign/contact.tsx"),
  route("esign/military", "routes/esign/military.tsx"),
  // The servicing desk (issue 20): customer service's back office, behind Cloudflare Access.
  route("desk/borrowers/:customerId/statements/:statementId", "routes/desk/statement.ts"),
  route("desk", "routes/desk/layout.tsx", [
    index("routes/desk/search.tsx"),
    route("borrowers/:customerId", "routes/desk/borrower.tsx"),
    route("borrowers/:customerId/agreements", "routes/desk/agreements.tsx"),
    route("approvals", "routes/desk/approvals.tsx"),
    route("audit", "routes/desk/audit.tsx"),
  ]),
  ...developmentTools,
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
