import { createContext, useContext } from "react";

/** What links inside FAQ answers can ask of the FAQ page. */
export interface FaqActions {
  showClosureItem: () => void;
  openTerms: () => void;
  openFeeChart: () => void;
}

export const FaqActionsContext = createContext<FaqActions | null>(null);

export function useFaqAction(pick: (actions: FaqActions) => () => void) {
  const actions = useContext(FaqActionsContext);
  return (event: React.MouseEvent) => {
    if (!actions) return;
    event.preventDefault();
    pick(actions)();
  };
}

/** Opens the Statement section and scrolls to the account-closure item. */
export function ClosureLink({ children }: { children: React.ReactNode }) {
  const onClick = useFaqAction((a) => a.showClosureItem);
  return (
    <a href="#account-closure" onClick={onClick}>
      {children}
    </a>
  );
}

/** Opens the terms popup; without JavaScript, the terms page in a new tab. */
export function TermsLink() {
  const onClick = useFaqAction((a) => a.openTerms);
  return (
    <a href="/termsandconditions" target="_blank" rel="noopener" onClick={onClick}>
      Terms and Conditions
    </a>
  );
}
