import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { loader as documentsLoader } from "../../routes/portal/documents";
import type { TransactionFilterId } from "../../routes/portal/portal-data";
import type { loader as transactionsLoader } from "../../routes/portal/transactions";
import { Modal } from "../Modal";
import { DocumentsView, STATEMENTS_LOADING } from "./DocumentsView";
import { TransactionsView } from "./TransactionsView";

export type DetailTab = "transactions" | "documents";

const TABS: ReadonlyArray<{ id: DetailTab; label: string }> = [
  { id: "transactions", label: "Transactions" },
  { id: "documents", label: "Documents" },
];

/** Which tab a key press moves to (WAI-ARIA tabs: arrows wrap, Home and End jump), or null. */
export function tabAfterKey(key: string, index: number, count: number): number | null {
  if (key === "ArrowRight") return (index + 1) % count;
  if (key === "ArrowLeft") return (index - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/**
 * The account page's View all panel: a dialog with the Transactions and
 * Documents tabs. Its data comes from the /transactions and /documents
 * loaders by fetcher when it first opens (the same loaders serve those pages
 * without JavaScript); closing returns focus to the View all link.
 */
export function DetailPanel({
  open,
  tab,
  onTab,
  onClose,
}: {
  open: boolean;
  tab: DetailTab;
  onTab: (tab: DetailTab) => void;
  onClose: () => void;
}) {
  const transactions = useFetcher<typeof transactionsLoader>();
  const documents = useFetcher<typeof documentsLoader>();
  const [filter, setFilter] = useState<TransactionFilterId>("all");
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  // Loaded once per visit to the page ("documents are fetched once until refreshed"): opening is the trigger.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fetchers change with every load; reading them must not load again.
  useEffect(() => {
    if (!open) return;
    if (transactions.state === "idle" && !transactions.data) void transactions.load("/transactions");
    if (documents.state === "idle" && !documents.data) void documents.load("/documents");
  }, [open]);

  function onKeyDown(event: React.KeyboardEvent, index: number) {
    const next = tabAfterKey(event.key, index, TABS.length);
    if (next === null) return;
    event.preventDefault();
    onTab(TABS[next]!.id);
    tabRefs.current[next]?.focus();
  }

  return (
    <Modal id="account-details" title="Account Activity" open={open} onClose={onClose} returnHref="#">
      <div role="tablist" aria-label="Account activity" className="detail-tabs">
        {TABS.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`detail-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`detail-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => onTab(t.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id="detail-panel-transactions"
        aria-labelledby="detail-tab-transactions"
        tabIndex={0}
        hidden={tab !== "transactions"}
        className="detail-panel"
      >
        {transactions.data ? (
          <TransactionsView
            rows={transactions.data.rows}
            pending={transactions.data.pending}
            filter={filter}
            onFilter={setFilter}
          />
        ) : (
          <p role="status">Please wait while your transactions are loaded.</p>
        )}
      </div>
      <div
        role="tabpanel"
        id="detail-panel-documents"
        aria-labelledby="detail-tab-documents"
        tabIndex={0}
        hidden={tab !== "documents"}
        className="detail-panel"
      >
        {documents.data ? (
          <DocumentsView agreement={documents.data.agreement} statements={documents.data.statements} />
        ) : (
          <p role="status">{STATEMENTS_LOADING}</p>
        )}
      </div>
    </Modal>
  );
}
