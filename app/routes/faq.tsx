import { useEffect, useMemo, useRef, useState } from "react";
import { brand } from "#domain/config";
import { type FaqActions, FaqActionsContext } from "../components/FaqLinks";
import { FeeChart } from "../components/FeeChart";
import { Modal } from "../components/Modal";
import { faqSections } from "../content/faq";
import { publicPageHeaders } from "../lib/edge-cache";
import type { RouteHandle } from "../lib/layout";

export const handle: RouteHandle = { layout: { isHome: true } };
export const headers = publicPageHeaders;

export function meta() {
  return [{ title: `FAQs | ${brand.name}` }];
}

/** The About section starts open on screens this wide or narrower. */
const NARROW_SCREEN = "(max-width: 1023px)";

type TermsState = { status: "idle" | "loading" | "error" } | { status: "ready"; html: string };

export default function Faq() {
  const root = useRef<HTMLDivElement>(null);
  const [allOpen, setAllOpen] = useState(false);
  const [feeChartOpen, setFeeChartOpen] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [terms, setTerms] = useState<TermsState>({ status: "idle" });
  const termsRequested = useRef(false);

  const allDetails = () => [...(root.current?.querySelectorAll("details") ?? [])];

  useEffect(() => {
    if (window.matchMedia(NARROW_SCREEN).matches) {
      root.current?.querySelector<HTMLDetailsElement>("#faq-about")?.setAttribute("open", "");
    }
  }, []);

  function toggleAll() {
    for (const details of allDetails()) details.open = !allOpen;
    setAllOpen(!allOpen);
  }

  const actions = useMemo<FaqActions>(
    () => ({
      showClosureItem() {
        const section = root.current?.querySelector<HTMLDetailsElement>("#faq-statement");
        const item = root.current?.querySelector<HTMLDetailsElement>("#account-closure");
        if (!section || !item) return;
        section.open = true;
        item.open = true;
        item.scrollIntoView({ block: "start" });
        item.querySelector("summary")?.focus({ preventScroll: true });
      },
      openFeeChart: () => setFeeChartOpen(true),
      openTerms() {
        setTermsOpen(true);
        // Load the terms once, on first opening (they live in the document store).
        if (termsRequested.current) return;
        termsRequested.current = true;
        setTerms({ status: "loading" });
        fetch("/api/documents/termsConditions")
          .then((r) => (r.ok ? (r.json() as Promise<{ html: string }>) : Promise.reject(new Error(String(r.status)))))
          .then((doc) => setTerms({ status: "ready", html: doc.html }))
          .catch(() => {
            termsRequested.current = false;
            setTerms({ status: "error" });
          });
      },
    }),
    [],
  );

  return (
    <FaqActionsContext.Provider value={actions}>
      <section className="container page-section faq" ref={root}>
        <div className="faq-head">
          <h1>Frequently Asked Questions</h1>
          <button type="button" className="button button-outline js-only" onClick={toggleAll} aria-expanded={allOpen}>
            {allOpen ? "Collapse All" : "Expand All"}
          </button>
        </div>
        {faqSections.map((section) => (
          <details key={section.id} id={`faq-${section.id}`} className="faq-section">
            <summary>
              <h2>{section.title}</h2>
            </summary>
            <div className="faq-items">
              {section.items.map((item) => (
                <details key={item.id} id={item.id} className="faq-item">
                  <summary>
                    <h3>{item.question}</h3>
                  </summary>
                  <div className="faq-answer">{item.answer}</div>
                </details>
              ))}
            </div>
          </details>
        ))}
      </section>
      <Modal
        id="fee-chart"
        title="Cost of Credit"
        open={feeChartOpen}
        onClose={() => setFeeChartOpen(false)}
        returnHref="#faq-cost-fees"
      >
        <FeeChart />
      </Modal>
      <Modal
        id="terms"
        title="Terms and Conditions"
        open={termsOpen}
        onClose={() => setTermsOpen(false)}
        returnHref="#faq-application"
      >
        {terms.status === "ready" ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own seeded document HTML (db/documents), never a person's text; the CSP blocks any script in it.
          <div className="document-body" dangerouslySetInnerHTML={{ __html: terms.html }} />
        ) : terms.status === "error" ? (
          <p role="alert">Unable to load data.</p>
        ) : (
          <p>Loading…</p>
        )}
      </Modal>
    </FaqActionsContext.Provider>
  );
}
